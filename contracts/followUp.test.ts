import { followUpIntent } from './followUp'

/** Changes to a delivered project, none with a build word of the spec's rule (build, create, make, develop, generate). */
export const CHANGES = [
  'now add a fines collection',
  'rename the books collection to titles',
  'remove the authors endpoint',
  'also a search box on the books page',
  'now with dark mode',
  'can you add a search',
  'add pagination to the list',
  'books should have an ISBN',
  'It should also send an email when a loan is overdue.',
  "I'd like the header to be sticky",
  'please use a darker background',
  'Change the port to 4000',
  'with a due date on each loan',
  'plus a logout button',
  'Could you put the buttons on the right?',
  'how about adding a search filter?',
  'the title is too small',
  'let users delete their own loans',
  'switch the storage to SQLite',
  'Get rid of the footer',
  'delete the members collection',
  'also validate the email field',
  'give it a dark theme',
  'Instead of a list, show the books in a grid',
  'write tests for the loans route',
  'translate the page into French',
  "why don't you add sorting by date?",
  'sort the books by title',
  'there should be a logout button',
  'can we have a filter by author?',
  'turn it into a PWA',
  'increase the max title length to 200',
  'hide the completed todos',
  'the loans list needs pagination',
  'and a members collection too',
  'do the same for authors',
  'i want the todos sorted by due date',
  'convert it to TypeScript',
  'Support CSV export',
  'Great, thanks! Now a tags collection please',
  'I like it, but the header should be blue',
  'The search does not work when the title has capitals',
  "It'd be nice to have a dark mode",
  'No, put the form above the list',
  'dark mode please',
  'Would you mind adding a count of open loans?',
]

/** Changes that use a build word: they continue the project, as the spec's rule already sends them to the builder. */
const CHANGES_WITH_A_BUILD_WORD = [
  'make the title red',
  'now make it a command-line tool',
  'Build a frontend for it',
  'make it responsive',
  'create a login page for the app',
  'now build the same thing as a CLI',
  'Generate tests for the loans route',
  'Make a mobile version of it',
]

/** Requests for another project, in a conversation that delivered one. */
export const NEW_PROJECTS = [
  'Create a REST API for a library with books, members and loans',
  'Build a todo app',
  'I need a landing page for my bakery',
  'A REST API for a bookstore, please',
  'Can you create a landing page for my bakery?',
  'How about a CLI that converts CSV to JSON?',
  'Next, a Chrome extension that blocks ads',
  'Now I want a Python script that renames files by date',
  'Write a Discord bot that posts the daily weather',
  'Generate a library for parsing dates',
  'Develop an inventory management system for a warehouse',
  'Make me a portfolio website',
  'Can I get a weather app?',
  "I'd like a blog platform for my travel stories",
  'Set up an Express server for file uploads',
  'Please create a new project: a recipe manager',
  'Something different: a URL shortener service',
  'Start over with a chat app',
  'Code a snake game that runs in the browser',
  'Implement a markdown parser library',
  'Scaffold a Node CLI for managing todos',
  'Spin up a microservice for sending emails',
  'Design a website for a dental clinic',
  'Could you put together a simple calculator app?',
  "Let's make a game now",
  'We need an API for our restaurant’s reservations',
  'Thanks! Next I want a budget tracker for my household',
  "We're a dental clinic and need a website where patients book appointments",
  'For my sister’s shop I would need you to build an online store',
  'Build another app: a habit tracker with streaks',
]

/** Questions about the delivered project, or remarks: they stay questions. */
export const QUESTIONS = [
  'what does the loans route return?',
  'how do I run it?',
  'Where is the database stored?',
  'which port does it listen on',
  'Can I run it on Windows?',
  'Does it have tests?',
  'explain the loans route',
  'tell me how to deploy it',
  'thanks!',
  'great, thanks',
  'Why did you use plain Node instead of Express?',
  'is the data saved on disk?',
  'show me the README',
  'What files did you change?',
  'I want to know how the tests work',
  'I ran npm test and everything passed',
  'how do I add a collection myself?',
  'can it export CSV?',
  'Could you explain how the fines are calculated?',
  'what about the loans route?',
  'list the routes',
  'ok',
  "what's in the zip?",
  "I'm curious how the IDs are generated",
  'The tests fail on my machine. Why?',
  "That's perfect",
  'Looks good to me.',
  'Do I need Node 20 for this?',
]

describe('followUpIntent', () => {
  it('takes a request to change the delivered project as a change, with or without a build word', () => {
    const wrong = [...CHANGES, ...CHANGES_WITH_A_BUILD_WORD].filter((message) => followUpIntent(message) !== 'change')
    expect(wrong).toEqual([])
    expect(CHANGES.length).toBeGreaterThanOrEqual(20)
  })

  it('takes a request for another piece of software as a new project', () => {
    expect(NEW_PROJECTS.filter((message) => followUpIntent(message) !== 'new')).toEqual([])
    expect(NEW_PROJECTS.length).toBeGreaterThanOrEqual(20)
  })

  it('leaves a question about the project, or a remark, a question', () => {
    expect(QUESTIONS.filter((message) => followUpIntent(message) !== 'question')).toEqual([])
  })

  it('continues the delivered project when a request for software refers to it', () => {
    expect(followUpIntent('Create a REST API for the app')).toBe('change')
    expect(followUpIntent('Create a REST API for a library')).toBe('new')
    expect(followUpIntent('Build a command-line tool for this project')).toBe('change')
    expect(followUpIntent('Build a command-line tool that counts words')).toBe('new')
  })

  it('reads the first sentence that asks for something: a question, then a change, is a change', () => {
    expect(followUpIntent('What does the loans route return? Add the due date to it.')).toBe('change')
    expect(followUpIntent('Create a REST API for a library. It should have books and loans.')).toBe('new')
    expect(followUpIntent('How do I run it? I tried npm start.')).toBe('question')
  })

  it('reads curly quotes, capitals, line breaks and blank text', () => {
    expect(followUpIntent('  NOW ADD A FINES COLLECTION  ')).toBe('change')
    expect(followUpIntent('I’d like a search box')).toBe('change')
    expect(followUpIntent('Thanks!\nNow rename todos to tasks')).toBe('change')
    expect(followUpIntent('   ')).toBe('question')
  })
})
