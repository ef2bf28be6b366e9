import fc from 'fast-check'
import { classify, PROJECT_KINDS } from '../../src/generation/classify'
import {
  cliTaskOf,
  fieldOf,
  FALLBACK_SLUG,
  libraryTasksOf,
  MAX_FIELDS,
  MAX_RESOURCES,
  MAX_SLUG_LENGTH,
  mergeResources,
  pluralOf,
  resourcesIn,
  singularOf,
  slugOf,
  understand,
  unsupportedIn,
  type Resource,
} from '../../src/generation/understand'

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/
const IDENTIFIER = /^[a-z][a-zA-Z0-9]*$/

/** What the engine makes of a request, the kind chosen by the classifier as in a build. */
const understood = (request: string) => understand(request, classify(request).kind)
const collectionsOf = (request: string) => understood(request).resources.map((resource) => resource.plural)
const fieldsOf = (resource: Resource | undefined) => resource?.fields.map((field) => `${field.name}:${field.type}${field.required ? '!' : ''}`)

describe('understanding a request', () => {
  // The request, the kind it is classified as, the name a person would give the project, its slug, its collections.
  it.each<[string, string, string, string, string[]]>([
    ['Build a REST API for a bookstore with books and authors', 'http-api', 'Bookstore API', 'bookstore-api', ['books', 'authors']],
    ['an app to track expenses and categories', 'web-app', 'Expense Tracker', 'expense-tracker', ['expenses', 'categories']],
    ['a todo app', 'web-app', 'Todo App', 'todo-app', ['todos']],
    ['Build a todo web app', 'web-app', 'Todo Web App', 'todo-web-app', ['todos']],
    ['build a to-do list', 'web-app', 'Todo List', 'todo-list', ['todos']],
    ['inventory of products and suppliers', 'web-app', 'Inventory', 'inventory', ['products', 'suppliers']],
    ['Create a REST API for invoices', 'http-api', 'Invoices API', 'invoices-api', ['invoices']],
    ['Create a REST API for a blog with posts, comments and tags', 'http-api', 'Blog API', 'blog-api', ['posts', 'comments', 'tags']],
    ['Build a CRUD API for customers, orders and products', 'http-api', 'Customers API', 'customers-api', ['customers', 'orders', 'products']],
    ['Create an API for a pet clinic with pets, owners and visits', 'http-api', 'Pet Clinic API', 'pet-clinic-api', ['pets', 'owners', 'visits']],
    ['build an api for people and their pets', 'http-api', 'People API', 'people-api', ['people', 'pets']],
    ['Build an API that lists books and stores orders', 'http-api', 'Books API', 'books-api', ['books', 'orders']],
    ['Build a REST API with the following resources:\n- users (name, email)\n- posts (title, body, published)\n- comments', 'http-api', 'Users and Posts API', 'users-and-posts-api', ['users', 'posts', 'comments']],
    ['Develop a backend for a ride sharing app with drivers, riders and trips', 'http-api', 'Ride Sharing API', 'ride-sharing-api', ['drivers', 'riders', 'trips']],
    ['Build a hotel booking system with rooms, guests and reservations', 'web-app', 'Hotel Booking System', 'hotel-booking-system', ['rooms', 'guests', 'reservations']],
    ['Make a website to sell handmade jewelry', 'web-app', 'Handmade Jewelry Website', 'handmade-jewelry-website', ['products']],
    ['A Vue.js frontend for an online store', 'web-app', 'Online Store', 'online-store', ['products']],
    ['Make a command-line utility that converts Markdown to HTML', 'cli', 'Markdown Converter', 'markdown-converter', []],
    ['a tool that merges two CSV files', 'cli', 'CSV File Merger', 'csv-file-merger', []],
    ['An npm module that formats dates relative to now', 'library', 'Date Formatter', 'date-formatter', []],
    ['API for a library management system with books, members and loans', 'http-api', 'Library Management API', 'library-management-api', ['books', 'members', 'loans']],
    ['a library management system with books and members', 'web-app', 'Library Management System', 'library-management-system', ['books', 'members']],
    ['Inventory management system with products, suppliers and orders', 'web-app', 'Inventory Management System', 'inventory-management-system', ['products', 'suppliers', 'orders']],
    ['Build an event management platform with events, venues and attendees', 'web-app', 'Event Management Platform', 'event-management-platform', ['events', 'venues', 'attendees']],
    ['A web app for a gym: members, trainers and classes', 'web-app', 'Gym Web App', 'gym-web-app', ['members', 'trainers', 'classes']],
    ['a blog with posts and comments', 'web-app', 'Blog', 'blog', ['posts', 'comments']],
    ['Build a blog', 'web-app', 'Blog', 'blog', ['posts']],
    ['Build a CRM', 'web-app', 'CRM', 'crm', ['contacts']],
    ['Create an online shop', 'web-app', 'Online Shop', 'online-shop', ['products']],
    ['an address book', 'web-app', 'Address Book', 'address-book', ['contacts']],
    ['Build a notes app', 'web-app', 'Notes App', 'notes-app', ['notes']],
    ['Build a chat app', 'web-app', 'Chat App', 'chat-app', ['messages']],
    ['a recipe app with ingredients', 'web-app', 'Recipe App', 'recipe-app', ['recipes', 'ingredients']],
    ['an expense tracker with categories', 'web-app', 'Expense Tracker', 'expense-tracker', ['expenses', 'categories']],
    ['Build an app to track my workouts and meals', 'web-app', 'Workout Tracker', 'workout-tracker', ['workouts', 'meals']],
    ['an app for my family to plan meals, with recipes and a shopping list', 'web-app', 'Meal Planner', 'meal-planner', ['meals', 'recipes']],
    ['a web app where people can manage their boxes and categories', 'web-app', 'Box Manager', 'box-manager', ['boxes', 'categories']],
    ['Build a web app to manage a library of books and members', 'web-app', 'Book Manager', 'book-manager', ['books', 'members']],
    ['an employee directory with departments', 'web-app', 'Employee Directory', 'employee-directory', ['employees', 'departments']],
    ['A movie watchlist app', 'web-app', 'Movie Watchlist App', 'movie-watchlist-app', ['movies']],
    ['Create a landing page website for my bakery', 'web-app', 'Bakery Website', 'bakery-website', ['products']],
    ['a weather dashboard', 'web-app', 'Weather Dashboard', 'weather-dashboard', ['cities']],
    ['Make a command line tool that counts words', 'cli', 'Word Counter', 'word-counter', []],
    ['a CLI that converts CSV to JSON', 'cli', 'CSV to JSON Converter', 'csv-to-json-converter', []],
    ['a Java program that converts JSON to CSV', 'cli', 'JSON to CSV Converter', 'json-to-csv-converter', []],
    ['a command-line tool to find and replace text in files', 'cli', 'Find and Replace', 'find-and-replace', []],
    ['a grep-like tool to search files for a pattern', 'cli', 'Text Search', 'text-search', []],
    ['a CLI that shows file sizes in a folder', 'cli', 'File Stats', 'file-stats', []],
    ['Write a Rust CLI to rename photos', 'cli', 'Photo Renamer', 'photo-renamer', []],
    ['build a python script that renames files', 'cli', 'File Renamer', 'file-renamer', []],
    ['Develop a library of array helpers', 'library', 'Array Helpers', 'array-helpers', []],
    ['Build a library to format prices', 'library', 'Price Formatter', 'price-formatter', []],
    ['make an npm package that parses CSV', 'library', 'CSV Parser', 'csv-parser', []],
    ['Build a Python library for parsing dates', 'library', 'Date Parser', 'date-parser', []],
    ['Write a small library with a function sum(a, b) that adds two numbers', 'library', 'Sum Library', 'sum-library', []],
  ])('%j is a %s named %j (%s), keeping %j', (request, kind, name, slug, collections) => {
    const understanding = understood(request)
    expect(classify(request).kind).toBe(kind)
    expect(understanding.name).toBe(name)
    expect(understanding.slug).toBe(slug)
    if (kind === 'web-app' || kind === 'http-api') expect(understanding.resources.map((resource) => resource.plural)).toEqual(collections)
  })

  it('says when the request named no collection, and keeps items then', () => {
    for (const request of ['Make me a website', 'build something nice', '', 'a timer app']) {
      const { resources, resourcesNamed } = understood(request)
      expect(resourcesNamed).toBe(false)
      expect(fieldsOf(resources[0])).toEqual(['title:string!', 'done:boolean'])
    }
    expect(understood('a blog with posts').resourcesNamed).toBe(true)
  })

  it('reads the fields a request gives a collection, with their types', () => {
    expect(fieldsOf(resourcesIn('books with title, author and price').resources[0])).toEqual(['title:string!', 'author:string', 'price:number'])
    expect(fieldsOf(resourcesIn('users with names and emails').resources[0])).toEqual(['name:string!', 'email:email'])
    expect(fieldsOf(resourcesIn('expenses with amount, date and category').resources[0])).toEqual(['description:string!', 'amount:number', 'date:date', 'category:string'])
    expect(fieldsOf(resourcesIn('products (name, price, stock)').resources[0])).toEqual(['name:string!', 'price:number', 'stock:number'])
    expect(fieldsOf(resourcesIn('a contact manager where each contact has a name, a phone number, an email and a birthday').resources[0])).toEqual([
      'name:string!',
      'email:email',
      'phoneNumber:string',
      'birthday:date',
    ])
    expect(fieldsOf(resourcesIn('Build a habit tracker where each habit has a name and a done flag').resources[0])).toEqual(['name:string!', 'done:boolean'])
    expect(fieldsOf(resourcesIn('a todo list app with due dates and priorities').resources[0])).toEqual(['title:string!', 'done:boolean', 'dueDate:date', 'priority:string'])
  })

  it('gives each collection of a long request its own fields', () => {
    const movies = resourcesIn('a movie database API with movies, actors and genres, each movie has a title, a release year, a rating and a genre').resources
    expect(movies.map((resource) => resource.plural)).toEqual(['actors', 'genres', 'movies'])
    // The genre is one of the genres the request keeps.
    expect(fieldsOf(movies[2])).toEqual(['title:string!', 'releaseYear:number', 'rating:number', 'genreId:reference!'])
    const inventory = resourcesIn('Make an inventory API where products have a name, a SKU, a quantity and a price, and suppliers have a name and an email').resources
    expect(inventory.map((resource) => [resource.plural, fieldsOf(resource)])).toEqual([
      // A product usually comes from one of the suppliers.
      ['products', ['name:string!', 'supplierId:reference!', 'price:number', 'sku:string', 'quantity:number']],
      ['suppliers', ['name:string!', 'email:email']],
    ])
    const recipes = resourcesIn('Create a REST API for a recipe book: recipes have a title, servings and a cooking time, ingredients have a name and a quantity').resources
    expect(recipes.map((resource) => [resource.plural, fieldsOf(resource)])).toEqual([
      ['recipes', ['title:string!', 'servings:number', 'cookingTime:string']],
      ['ingredients', ['name:string!', 'quantity:number']],
    ])
    const plants = resourcesIn('Build a web app to manage my plant collection; plants need a name, a species, a watering date and a location').resources
    expect(plants.map((resource) => [resource.plural, fieldsOf(resource)])).toEqual([['plants', ['name:string!', 'species:string', 'wateringDate:date', 'location:string']]])
  })

  it('reads fields in parentheses, with units, and keeps the people who use it out of them', () => {
    const rental = resourcesIn('Create a REST API to manage a car rental: vehicles (make, model, year, daily rate), customers and rentals (start date, end date)').resources
    expect(rental.map((resource) => [resource.plural, fieldsOf(resource)])).toEqual([
      ['vehicles', ['name:string!', 'make:string', 'model:string', 'year:number', 'dailyRate:number']],
      ['customers', ['name:string!', 'email:email']],
      // A rental is of a vehicle, by a customer: no name of its own.
      ['rentals', ['vehicleId:reference!', 'customerId:reference!', 'startDate:date', 'endDate:date']],
    ])
    const workouts = resourcesIn('Please build a web app for tracking my running workouts. Each workout should have a date, distance in km, duration and notes.').resources
    expect(workouts.map((resource) => [resource.plural, fieldsOf(resource)])).toEqual([['workouts', ['title:string!', 'date:date', 'distance:number', 'duration:number', 'notes:string']]])
    expect(collectionsOf('Create an app where teachers can create quizzes with questions and students can submit answers')).toEqual(['quizzes', 'questions', 'answers'])
    expect(collectionsOf('a polling app where users create polls with options')).toEqual(['polls'])
    expect(understood('Create an app where teachers can create quizzes with questions and students can submit answers').name).toBe('Quiz App')
  })

  it('reads a field added to a collection, as a follow-up says it', () => {
    const { resources } = resourcesIn('now add a due date to items')
    expect(resources.map((resource) => [resource.plural, fieldsOf(resource)])).toEqual([['items', ['title:string!', 'done:boolean', 'dueDate:date']]])
    expect(resourcesIn('add a tags collection').resources.map((resource) => resource.plural)).toEqual(['tags'])
    expect(fieldsOf(resourcesIn('add a price to each product').resources[0])).toEqual(['name:string!', 'price:number'])
  })

  it('merges a follow-up into the collections a project has', () => {
    const first = resourcesIn('a todo app').resources
    const withDueDate = mergeResources(first, resourcesIn('now add a due date to todos').resources)
    expect(withDueDate.map((resource) => [resource.plural, fieldsOf(resource)])).toEqual([['todos', ['title:string!', 'done:boolean', 'dueDate:date']]])
    const withTags = mergeResources(withDueDate, resourcesIn('add a tags collection').resources)
    expect(withTags.map((resource) => resource.plural)).toEqual(['todos', 'tags'])
    expect(first[0]?.fields).toHaveLength(2)
  })

  it('keeps one collection for two words of the same records', () => {
    expect(collectionsOf('A to-do list where tasks have a due date and a priority')).toEqual(['tasks'])
  })

  it('leaves out words that are not records: verbs, the people who use it, amounts, the software itself', () => {
    expect(collectionsOf('an app that books appointments for patients')).toEqual(['appointments', 'patients'])
    expect(collectionsOf('a web app where users can share recipes')).toEqual(['recipes'])
    expect(collectionsOf('an API with endpoints for orders, with tests and docs')).toEqual(['orders'])
    expect(collectionsOf('a notebook app where the number of pages is shown')).toEqual(['notes'])
    expect(collectionsOf('Build a Ruby on Rails blog')).toEqual(['posts'])
  })

  it('forms singulars and plurals, the irregular ones too', () => {
    const pairs: [string, string][] = [
      ['category', 'categories'],
      ['person', 'people'],
      ['box', 'boxes'],
      ['child', 'children'],
      ['movie', 'movies'],
      ['address', 'addresses'],
      ['status', 'statuses'],
      ['quiz', 'quizzes'],
      ['hero', 'heroes'],
      ['photo', 'photos'],
      ['shelf', 'shelves'],
      ['day', 'days'],
      ['match', 'matches'],
      ['course', 'courses'],
      ['species', 'species'],
      ['analysis', 'analyses'],
      ['todo', 'todos'],
    ]
    for (const [singular, plural] of pairs) {
      expect([singular, pluralOf(singular)]).toEqual([singular, plural])
      expect([plural, singularOf(plural)]).toEqual([plural, singular])
    }
  })

  // A request, and for each collection the fields it names (name:type, ! when required), which it must have among others.
  it.each<[string, Record<string, string[]>]>([
    ['a to-do app where tasks have a title, a due date and a done flag', { tasks: ['title:string!', 'dueDate:date', 'done:boolean'] }],
    ['an expense tracker: expenses with an amount and a category', { expenses: ['amount:number', 'category:string'] }],
    ['a CRM where contacts have a name and an email', { contacts: ['name:string!', 'email:email'] }],
    ['a recipe site where each recipe has a title, servings, a prep time and a vegetarian flag', { recipes: ['title:string!', 'servings:number', 'prepTime:string', 'vegetarian:boolean'] }],
    ['Build a REST API for a gym where members have a name, an email and a birthday', { members: ['name:string!', 'email:email', 'birthday:date'] }],
    ['a habit tracker where habits have a name, a target count and an archived flag', { habits: ['name:string!', 'targetCount:number', 'archived:boolean'] }],
    ['a job board API: jobs have a title, a salary, a deadline and a remote flag', { jobs: ['title:string!', 'salary:number', 'deadline:date', 'remote:boolean'] }],
    ['a reading list app where books have a title, an author, pages and a finished flag', { books: ['title:string!', 'author:string', 'pages:number', 'finished:boolean'] }],
    ['an inventory API where items have a name, a quantity, a price and a last checked date', { items: ['name:string!', 'quantity:number', 'price:number', 'lastCheckedDate:date'] }],
    ['an API for students with a name, an email, an age and a graduation date', { students: ['name:string!', 'email:email', 'age:number', 'graduationDate:date'] }],
    ['a movie watchlist where each movie has a title, a release year, a rating and a watched flag', { movies: ['title:string!', 'releaseYear:number', 'rating:number', 'watched:boolean'] }],
    ['Build an API for invoices with an amount, a due date and a paid flag', { invoices: ['amount:number', 'dueDate:date', 'paid:boolean'] }],
    ['a plant care app where plants have a name, a species and a last watered date', { plants: ['name:string!', 'species:string', 'lastWateredDate:date'] }],
    ['an API where employees have a name, a work email, a salary and a start date', { employees: ['name:string!', 'workEmail:email', 'salary:number', 'startDate:date'] }],
    ['a customer support API where tickets have a subject, a priority, a resolved flag and a customer email', { tickets: ['subject:string!', 'priority:string', 'resolved:boolean', 'customerEmail:email'] }],
    ['a fitness API where workouts have a date, a distance, a duration and calories', { workouts: ['date:date', 'distance:number', 'duration:number', 'calories:number'] }],
    ['Create a REST API for a library with books, members and loans, where a loan has a due date', { loans: ['dueDate:date'] }],
    ['an app for a band: gigs have a venue, a date and a fee, songs have a title and a length in minutes', { gigs: ['venue:string', 'date:date', 'fee:number'], songs: ['title:string!', 'length:number'] }],
    ['Create an API for a car rental where a rental has a start date, an end date and a daily rate', { rentals: ['startDate:date', 'endDate:date', 'dailyRate:number'] }],
    ['a web app for a book club where each meeting has a date, a location and a confirmed flag', { meetings: ['date:date', 'location:string', 'confirmed:boolean'] }],
    ['an API for pets (name, species, birthday, weight, vaccinated)', { pets: ['name:string!', 'species:string', 'birthday:date', 'weight:number', 'vaccinated:boolean'] }],
    ['a newsletter app where subscribers have an email, a name and a signup date', { subscribers: ['name:string!', 'email:email', 'signupDate:date'] }],
    ['an online shop API where orders have a total, a shipped flag and a delivery date, and were placed at a time', { orders: ['total:number', 'shipped:boolean', 'deliveryDate:date'] }],
  ])('%j gives its collections the fields it names, typed', (request, expected) => {
    const { resources } = understood(request)
    for (const [plural, fields] of Object.entries(expected)) {
      expect(fieldsOf(resources.find((resource) => resource.plural === plural))).toEqual(expect.arrayContaining(fields))
    }
  })

  it('gives a collection whose fields are not named the usual ones, marked as assumed', () => {
    const resources = understood('Create a REST API for a library with books, members and loans, where a loan has a due date').resources
    const assumed = (plural: string) => resources.find((resource) => resource.plural === plural)?.fields.filter((field) => field.assumed).map((field) => field.name)
    expect(resources.map((resource) => [resource.plural, fieldsOf(resource)])).toEqual([
      ['books', ['title:string!', 'author:string']],
      ['members', ['name:string!', 'email:email']],
      ['loans', ['bookId:reference!', 'memberId:reference!', 'dueDate:date', 'returnedAt:date']],
    ])
    expect([assumed('books'), assumed('members'), assumed('loans')]).toEqual([['title', 'author'], ['name', 'email'], ['bookId', 'memberId', 'returnedAt']])
    // Without the books and members, a loan's book and member are their names.
    expect(fieldsOf(understood('an API for loans').resources[0])).toEqual(['book:string', 'member:string', 'dueDate:date', 'returnedAt:date'])
    expect(fieldsOf(understood('a todo app').resources[0])).toEqual(['title:string!', 'done:boolean'])
    expect(understood('a todo app').resources[0]?.fields.every((field) => field.assumed)).toBe(true)
    // A noun the engine does not know has a name.
    expect(fieldsOf(understood('an API for gadgets').resources[0])).toEqual(['name:string!'])
  })

  it('makes links between collections references, never in a cycle', () => {
    const referencesOf = (request: string) =>
      understood(request).resources.flatMap((resource) => resource.fields.filter((field) => field.type === 'reference').map((field) => `${resource.plural}.${field.name}->${field.references ?? ''}`))
    expect(referencesOf('an API for loans of books by members')).toEqual(['loans.bookId->books', 'loans.memberId->members'])
    expect(referencesOf('Build an API where orders belong to customers')).toEqual(['orders.customerId->customers'])
    expect(referencesOf('a project tracker where each task is assigned to a project')).toEqual(['tasks.projectId->projects'])
    expect(referencesOf('a blog API with posts and comments on posts')).toEqual(['comments.postId->posts'])
    expect(referencesOf('an app where a user has many posts')).toEqual(['posts.userId->users'])
    expect(referencesOf('Build a REST API for a bookstore with books and authors')).toEqual(['books.authorId->authors'])
    expect(referencesOf('an expense tracker with expenses and categories, each expense has an amount and a category')).toEqual(['expenses.categoryId->categories'])
    expect(referencesOf('an API for reviews of products by customers')).toEqual(['reviews.productId->products', 'reviews.customerId->customers'])
    // Tags sort posts rather than own them; records named apart from each other are not linked.
    expect(referencesOf('posts have tags')).toEqual([])
    expect(referencesOf('an API for books and movies')).toEqual([])
    // Two links that would make a cycle: the first wins.
    expect(referencesOf('an API where orders belong to customers and customers belong to orders')).toEqual(['orders.customerId->customers'])
  })

  it('names a project after the subject the request names', () => {
    expect(understood('Create a REST API for a library with books, members and loans, where a loan has a due date').name).toBe('Library API')
    expect(understood('Build an API for a library of books').name).toBe('Library API')
    expect(understood('a web app for my bakery').name).toBe('Bakery Web App')
  })

  it('types fields by their names', () => {
    const typeOf = (words: string) => {
      const field = fieldOf(words.split(' '))
      return field && [field.name, field.type, field.min]
    }
    expect(typeOf('price')).toEqual(['price', 'number', 0])
    expect(typeOf('due date')).toEqual(['dueDate', 'date', undefined])
    expect(typeOf('due')).toEqual(['dueDate', 'date', undefined])
    expect(typeOf('done')).toEqual(['done', 'boolean', undefined])
    expect(typeOf('completed')).toEqual(['completed', 'boolean', undefined])
    expect(typeOf('is public')).toEqual(['isPublic', 'boolean', undefined])
    expect(typeOf('in stock')).toEqual(['inStock', 'boolean', undefined])
    expect(typeOf('email')).toEqual(['email', 'email', undefined])
    expect(typeOf('phone number')).toEqual(['phoneNumber', 'string', undefined])
    expect(typeOf('page count')).toEqual(['pageCount', 'number', 0])
    expect(typeOf('temperature')).toEqual(['temperature', 'number', undefined])
    expect(typeOf('author')).toEqual(['author', 'string', undefined])
    expect(typeOf('returned at')).toEqual(['returnedAt', 'date', undefined])
    expect(typeOf('vaccinated')).toEqual(['vaccinated', 'boolean', undefined])
    expect(typeOf('breed')).toEqual(['breed', 'string', undefined])
    expect(typeOf('speed')).toEqual(['speed', 'number', undefined])
    // The engine's own fields, and an object's members, are never a record's.
    for (const reserved of ['id', 'created at', 'constructor', 'to string']) expect(fieldOf(reserved.split(' '))).toBeUndefined()
  })
})

describe('what a command-line tool or a library should do', () => {
  it.each([
    ['a CLI that converts CSV to JSON', 'csv-to-json'],
    ['csv2json tool', 'csv-to-json'],
    ['convert a CSV file into JSON objects', 'csv-to-json'],
    ['Build a Node.js CLI that converts CSV files to JSON', 'csv-to-json'],
    ['a command to turn JSON into CSV', 'json-to-csv'],
    ['create a tool to convert json to csv', 'json-to-csv'],
    ['Make a command line tool that counts words', 'word-count'],
    ['a wc clone', 'word-count'],
    ['a command-line tool to find and replace text in files', 'find-replace'],
    ['a sed-like substitution tool', 'find-replace'],
    ['a grep-like tool to search files for a pattern', 'search'],
    ['Build a command line app for searching log files for errors', 'search'],
    ['a CLI that shows file sizes in a folder', 'file-stats'],
    ['disk usage of a directory', 'file-stats'],
    ['a CLI to rename photos', 'generic'],
    ['a tool that merges two CSV files', 'generic'],
  ])('%j: %s', (request, task) => {
    expect(cliTaskOf(request)).toBe(task)
  })

  it.each<[string, string[]]>([
    ['a library to slugify titles', ['slugify']],
    ['Build a library to format prices', ['format-prices']],
    ['a package for currency formatting', ['format-prices']],
    ['Build me a library that validates email addresses', ['validate-emails']],
    ['write a function library to parse durations like 1h30m', ['parse-durations']],
    ['make an npm package that parses CSV', ['parse-csv']],
    ['Build a library to convert strings to camelCase and snake_case', ['change-case']],
    ['a package to format file sizes in bytes', ['format-bytes']],
    ['a library to slugify strings and validate emails', ['slugify', 'validate-emails']],
    ['a library of string helpers', ['slugify', 'change-case']],
    ['create a library of date helpers', ['dates']],
    ['a library to format dates and prices', ['dates', 'format-prices']],
    ['a library to send emails', []],
    ['Develop a library of array helpers', []],
  ])('%j: %j', (request, tasks) => {
    expect(libraryTasksOf(request)).toEqual(tasks)
  })
})

describe('a language or platform the engine does not build', () => {
  it.each([
    ['a Python library', 'library', 'a Python library'],
    ['Write a Rust CLI to rename photos', 'cli', 'a Rust CLI'],
    ['an iOS app for habit tracking', 'web-app', 'an iOS app'],
    ['an iOS app in Swift for notes', 'web-app', 'an iOS app in Swift'],
    ['Build a bookstore API in Go', 'http-api', 'a Go API'],
    ['Build a service in golang', 'http-api', 'a Go service'],
    ['a Java program that converts JSON to CSV', 'cli', 'a Java program'],
    ['a PHP website for my restaurant', 'web-app', 'a PHP website'],
    ['Build a Django blog', 'web-app', 'a Django web app'],
    ['Flask API for todos', 'http-api', 'a Flask API'],
    ['Spring Boot REST API for employees', 'http-api', 'a Spring Boot REST API'],
    ['React Native app to track workouts', 'web-app', 'a React Native app'],
    ['Kotlin Android app for recipes', 'web-app', 'an Android app in Kotlin'],
    ['A PHP Laravel API for orders', 'http-api', 'a Laravel API in PHP'],
    ['a mobile app for my gym', 'web-app', 'a mobile app'],
    ['a C# library for dates', 'library', 'a C# library'],
    ['Write it in C++', 'web-app', 'a C++ web app'],
  ])('%j asks for %s: %j', (request, kind, requested) => {
    expect(classify(request).kind).toBe(kind)
    expect(understood(request).unsupported?.requested).toBe(requested)
  })

  it.each([
    'Build a todo web app',
    'A Node.js library that parses Python requirements files',
    'a JavaScript port of a Java library',
    'an app to plan what to plant in spring',
    'a swift delivery tracker',
    'ready to go: a checklist app',
    'a coffee shop menu with a cold brew and java chip frappe',
    'not in Python please, a todo app',
    'a rust-proofing service tracker',
  ])('%j asks for nothing the engine cannot build', (request) => {
    expect(unsupportedIn(request, 'web app')).toBeUndefined()
  })
})

/** The collections in an order where each one's references are to collections before it; fewer when there is a cycle. */
const creationOrder = (resources: readonly Resource[]): string[] => {
  const order: string[] = []
  let progress = true
  while (progress) {
    progress = false
    for (const resource of resources) {
      if (order.includes(resource.plural)) continue
      if (resource.fields.every((field) => field.references === undefined || order.includes(field.references))) {
        order.push(resource.plural)
        progress = true
      }
    }
  }
  return order
}

describe('understanding any text', () => {
  /** Requests of any text, and of words the engine reads, in any order. */
  const requests = fc.oneof(
    fc.string({ maxLength: 400 }),
    fc.string({ unit: 'grapheme', maxLength: 120 }),
    fc
      .array(
        fc.constantFrom(
          'build', 'a', 'an', 'the', 'api', 'app', 'web', 'cli', 'library', 'with', 'and', ',', 'for', 'to', 'track', 'books', 'authors',
          'each', 'book', 'has', 'title', 'price', 'due', 'date', 'done', 'add', 'collection', 'python', 'in', 'go', 'people', 'csv',
          'json', '(', ')', ':', 'constructor', '__proto__', 'prototype', 'to-do', "user's", 'é', '..', '/', 'x'.repeat(60),
        ),
        { maxLength: 60 },
      )
      .map((words) => words.join(' ')),
  )

  it('never throws, and gives sane names, safe slugs and valid collections', () => {
    fc.assert(
      fc.property(requests, fc.constantFrom(...PROJECT_KINDS), (request, kind) => {
        const understanding = understand(request, kind)
        expect(understanding.slug).toMatch(SLUG)
        expect(understanding.slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH)
        expect(understanding.slug === FALLBACK_SLUG || understanding.slug === slugOf(understanding.name)).toBe(true)
        expect(understanding.name).toMatch(/^[A-Za-z0-9]+( [A-Za-z0-9]+)*$/)
        expect(understanding.name.split(' ').length).toBeLessThanOrEqual(5)
        expect(understanding.resources.length).toBeGreaterThanOrEqual(1)
        expect(understanding.resources.length).toBeLessThanOrEqual(MAX_RESOURCES)
        const plurals = understanding.resources.map((resource) => resource.plural)
        expect(new Set(plurals).size).toBe(plurals.length)
        expect(creationOrder(understanding.resources)).toHaveLength(plurals.length)
        for (const resource of understanding.resources) {
          expect(resource.plural).toMatch(/^[a-z][a-z0-9]*$/)
          expect(resource.singular).toMatch(/^[a-z][a-z0-9]*$/)
          expect(resource.fields.length).toBeGreaterThanOrEqual(1)
          expect(resource.fields.length).toBeLessThanOrEqual(MAX_FIELDS)
          // Required: the main text, first when there is one, and the references, each to another collection kept, never in a cycle.
          const required = resource.fields.filter((field) => field.required && field.type !== 'reference')
          expect(required.length <= 1 && (required.length === 0 || required[0] === resource.fields[0])).toBe(true)
          expect(required.every((field) => field.type === 'string')).toBe(true)
          for (const field of resource.fields.filter((candidate) => candidate.type === 'reference')) {
            expect(field.required).toBe(true)
            expect(plurals.filter((plural) => plural !== resource.plural)).toContain(field.references)
          }
          const names = resource.fields.map((field) => field.name)
          expect(new Set(names).size).toBe(names.length)
          for (const name of names) {
            expect(name).toMatch(IDENTIFIER)
            expect(['id', 'createdAt', 'constructor', 'prototype', '__proto__', 'toString']).not.toContain(name)
          }
        }
      }),
      { numRuns: 400 },
    )
  })

  it('is the same for the same request', () => {
    fc.assert(
      fc.property(requests, fc.constantFrom(...PROJECT_KINDS), (request, kind) => {
        expect(understand(request, kind)).toEqual(understand(request, kind))
      }),
      { numRuns: 100 },
    )
  })
})
