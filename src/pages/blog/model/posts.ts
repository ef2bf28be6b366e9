export type PostBlock = { kind: 'paragraph'; text: string } | { kind: 'heading'; text: string } | { kind: 'list'; items: readonly string[] }

export interface Post {
  /** Stable id: the post's anchor on the blog page (/blog#{id}). */
  id: string
  title: string
  /** ISO date of publication. */
  date: string
  author: { name: string; role: string }
  summary: string
  body: readonly PostBlock[]
  /** Pages of the site the post refers to. */
  related: readonly { label: string; to: string }[]
}

const p = (text: string): PostBlock => ({ kind: 'paragraph', text })
const h = (text: string): PostBlock => ({ kind: 'heading', text })
const list = (...items: string[]): PostBlock => ({ kind: 'list', items })

/** Newest first. */
export const POSTS: readonly Post[] = [
  {
    id: 'early-access-june-2025',
    title: 'Early access opens in June: what the first cohort will get',
    date: '2025-05-13',
    author: { name: 'Elena Vasquez', role: 'Co-founder and CEO' },
    summary:
      'Early access to Overseer opens in June 2025, followed by a public beta in July and August and the full release in September. Here is what is included, how invitations work, and what we will ask of you.',
    body: [
      p('Since January, a small group of design partners has used Overseer on real work: internal tools, API changes, product discovery. Their feedback has shaped almost every screen and every gate. In June 2025 we open the doors a little wider.'),
      h('The timeline'),
      list(
        'June 2025: early access. We invite teams from the waitlist in small weekly groups, so that each one gets a proper onboarding call.',
        'July to August 2025: public beta. Anyone on the waitlist can start; the product is feature-complete but we are still tuning limits and prices.',
        'September 2025: full release, with published pricing, service levels and the Architect Suite for every team plan.',
      ),
      h('What early access includes'),
      p('Early-access teams get the full pipeline: the Overseer Core, the Analysis Loop, the File Structure Planner, the DevLoop Matrix and the Assembly Agent, with all three approval gates. You can run builds from the assistant chat, follow every stage live, and download the finished project as an archive with its README and tests.'),
      p('Staff on your team get the Architect Suite: the approvals queue, the agent logs and token usage per build. Usage during early access is free within a generous monthly budget; we will tell you well in advance before anything changes.'),
      h('How invitations work'),
      p('Invitations go out in the order people joined the waitlist, with some priority for teams whose use case matches what we want to learn next (for example, regulated environments or changes to existing code bases). If you told us about your use case when you signed up, it helps.'),
      h('What we will ask of you'),
      p('Mostly, honesty. A short call in your first two weeks, a way to tell us when an agent did something surprising, and permission to read anonymised logs of failed builds so we can fix the cause. Approval gates stay on by default; you decide who can approve what.'),
    ],
    related: [
      { label: 'Join the waitlist', to: '/waitlist' },
      { label: 'How the approval gates work', to: '/architecture' },
    ],
  },
  {
    id: 'containment-aware-architecture',
    title: 'Containment-aware architecture, explained',
    date: '2025-04-22',
    author: { name: 'Tom Becker', role: 'Security Lead' },
    summary:
      'Generated code is untrusted code. We explain how Overseer keeps every agent inside a boundary: sandboxes without network or secrets, least-privilege context, and typed hand-offs between modules.',
    body: [
      p('Every line of code an agent writes should be treated like code from a stranger: possibly excellent, possibly broken, occasionally dangerous. Containment-aware architecture is our name for designing the whole system around that assumption.'),
      h('Three boundaries'),
      list(
        'Execution: code written in the DevLoop Matrix runs in a sandbox with no network access and no credentials. Tests run there too. Nothing in the sandbox can reach your systems.',
        'Context: each agent receives only what its task needs. The QA agent sees the code and the tests, not your repository history; the Market analysis agent sees the brief, not your source.',
        'Hand-offs: modules exchange typed artefacts (a brief, a file plan, a change set), never shared mutable state. A module cannot quietly change what another one produced.',
      ),
      h('Why failures stay small'),
      p('When an agent fails (a loop that does not converge, a test harness that crashes, a model that returns nonsense) the failure is confined to that loop. The Overseer Core sees that the module broke its contract and retries it, sends it back a stage, or asks you. The rest of the pipeline keeps its state, and nothing half-finished moves on.'),
      h('Where containment meets permission'),
      p('Containment is what makes the approval gates meaningful. Because nothing can leave the sandbox on its own, the deployment gate really is the only way out: delivering an archive, pushing to a repository or touching an environment all wait for a person with deployment permission. Prompt injection inside a generated file cannot change that, because the agent that reads the file has no path out.'),
      p('We will publish a longer security overview before the full release in September 2025, and our security engineers are happy to walk design partners through the details.'),
    ],
    related: [
      { label: 'The four core principles', to: '/architecture' },
      { label: 'We are hiring a security engineer', to: '/careers/security-engineer-sandboxing' },
    ],
  },
  {
    id: 'inside-the-devloop-matrix',
    title: 'Inside the DevLoop Matrix: why the agent that writes the code never grades it',
    date: '2025-03-25',
    author: { name: 'Priya Natarajan', role: 'Head of Agent Research' },
    summary:
      'A single model asked to write code and then check it tends to agree with itself. Splitting the work between a Development agent and a QA agent, and letting them loop, changed our results more than any model upgrade.',
    body: [
      p('Early prototypes of Overseer used one agent to write a file and then review it. The reviews were polite and almost always approving. The agent had the same blind spots as a reviewer that it had as an author.'),
      h('Two agents, one loop'),
      p('The DevLoop Matrix splits the roles. The Development agent writes the code for one unit of work. The QA agent has different instructions and a different goal: make the code fail. It runs the acceptance tests from the file plan, writes its own tests for edge cases, and reports each failure with the exact output and a suspected cause. The Development agent fixes what was reported, and the loop goes round again.'),
      p('If the same failure survives two passes, a Debugger agent is called in to isolate the cause, which breaks the most common pattern of a stuck loop: the same fix attempted over and over.'),
      h('What changed'),
      list(
        'On our internal benchmark of 180 build requests, the share of units passing all acceptance tests rose from 61% with a single self-reviewing agent to 89% with the paired loop.',
        'Median iterations per unit settled at three; fewer than 4% of units hit the iteration budget.',
        'Design partners kept most of the tests the QA agent wrote, which tells us they test things people care about.',
      ),
      h('Budgets keep it honest'),
      p('Recursive improvement needs a stopping rule. Each loop has an iteration and token budget set at the planning gate. When a loop runs out, it does not quietly keep spending: the Overseer Core asks you whether to extend the budget, change the plan or stop.'),
    ],
    related: [
      { label: 'DevLoop Matrix deep dive', to: '/architecture/devloop-matrix' },
      { label: 'Guide: recursive improvement', to: '/docs/guides/recursive-improvement' },
    ],
  },
  {
    id: 'clarify-before-you-build',
    title: 'Clarify before you build: what vague requests taught us',
    date: '2025-02-18',
    author: { name: 'Marcus Lindqvist', role: 'Product Lead' },
    summary:
      'Most of what goes wrong in a software project is decided before the first line of code. Here is how the Analysis Loop turns a one-line request into a brief you can approve, and why it asks so few questions.',
    body: [
      p('"Build me a dashboard for our support team." It sounds like a request. It is really a dozen decisions nobody has made yet: which data, which metrics, who looks at it, how fresh it has to be, what happens when a number looks wrong.'),
      h('Ask less, but ask the right things'),
      p('Our first Clarification agent asked everything it could think of. Design partners hated it. The version in Overseer today asks only the questions whose answers would change the result, a few at a time, and turns everything else into a stated assumption that you can see and correct at the planning gate.'),
      h('A second opinion from the market'),
      p('The Market analysis agent reads the emerging brief and compares it with comparable products and common patterns. It is good at noticing what people take for granted: export, permissions, audit trails, empty states. Its findings go back to the Clarification agent, which folds them in or asks one more question.'),
      h('The brief is the contract'),
      list(
        'Goals and users, in plain language',
        'What is in scope and, just as important, what is not',
        'Constraints: stack, integrations, data handling',
        'Acceptance criteria that the DevLoop Matrix will later test against',
        'Every assumption the agents made on your behalf',
      ),
      p('Nothing is planned until you approve that brief. Several design partners told us that stopping at the planning gate, with a clear brief and no code, was the most valuable outcome of a run.'),
    ],
    related: [
      { label: 'Analysis Loop deep dive', to: '/architecture/analysis-loop' },
      { label: 'Guide: intent clarification', to: '/docs/guides/intent-clarification' },
    ],
  },
  {
    id: 'why-every-change-needs-a-yes',
    title: 'Why every significant change needs a human yes',
    date: '2025-01-28',
    author: { name: 'Rahul Mehta', role: 'Co-founder and CTO' },
    summary:
      'The founding idea behind Overseer: agents should be free to work, and never free to make a significant change on their own. What counts as significant, and why we made it a rule of the architecture rather than a setting.',
    body: [
      p('When we started Overseer Labs in 2024, we had watched AI coding tools get very good, very fast. What worried us was not the quality of the code. It was that the tools had no idea when to stop and ask.'),
      h('Permissioned autonomy'),
      p('Our answer is a principle we call permissioned autonomy. Inside a module, agents work without interruption: they draft, test, throw away and try again. But whenever work would cross a boundary that matters, the Overseer Core stops and asks a named person. Overseer never executes a significant change without explicit permission.'),
      h('What counts as significant'),
      list(
        'Planning: committing to a brief, a file plan and a budget',
        'Development: adding a dependency, changing files outside the plan, deleting anything, changing a database schema, exceeding the budget',
        'Deployment: anything leaving the sandbox, from delivering an archive to deploying to production',
      ),
      h('Why it is architecture, not a setting'),
      p('We could have made approvals an option. We made them a property of the system instead: the gates are enforced by the Overseer Core, generated code runs where it cannot act on its own, and every decision is recorded with who made it and when. You can choose who approves and which gates a project uses; you cannot accidentally build a pipeline in which an agent ships by itself.'),
      p('This year we will find out how that holds up with real teams. Our design partner programme starts this month, and we will write here about what we learn.'),
    ],
    related: [
      { label: 'Overseer Core deep dive', to: '/architecture/overseer-core' },
      { label: 'About Overseer Labs', to: '/about' },
    ],
  },
]
