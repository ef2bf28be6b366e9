/**
 * How visitors ask, against how the docs say it. Each group lists phrases that mean the same for
 * a reader of these docs; a query that says one also searches for the others (at less weight
 * than its own words). Phrases are matched on word stems, stop words included ('turn on', 'log in').
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  // Switching things on and off.
  ['enable', 'turn on', 'switch on', 'activate', 'set up', 'configure', 'allow'],
  ['disable', 'turn off', 'switch off', 'deactivate', 'remove'],
  // Accounts and signing in.
  ['sign in', 'log in', 'login', 'signin', 'log on', 'authenticate'],
  ['sign out', 'log out', 'logout', 'signout'],
  ['account', 'user', 'staff', 'login'],
  ['password', 'credentials', 'passphrase'],
  ['permission', 'role', 'access', 'rights', 'privilege', 'allowed'],
  ['session', 'cookie', 'stay signed in', 'stay logged in', 'logged in'],
  ['expire', 'expiry', 'lifetime', 'time out', 'timeout', 'how long'],
  ['token', 'bearer', 'api key', 'authorization header'],
  ['cross site', 'csrf', 'forged'],
  ['cors', 'cross origin', 'access control allow origin'],
  // Offline and networks.
  ['offline', 'without internet', 'no internet', 'internet connection', 'without a network', 'no network', 'air gapped', 'locally'],
  ['external ai', 'openai', 'llm', 'ai provider', 'language model', 'gpt', 'model provider', 'api key'],
  ['model', 'llm', 'ai'],
  ['connect', 'hook up', 'hook into', 'plug in', 'wire up'],
  // Availability and plans.
  ['planned', 'ready', 'release', 'released', 'available', 'availability', 'coming', 'roadmap', 'launch', 'future', 'soon'],
  ['today', 'currently', 'right now', 'at the moment'],
  // The keyboard and the canvas.
  ['keyboard', 'shortcut', 'hotkey', 'key binding', 'keys'],
  ['canvas', 'diagram', 'architecture canvas', 'graph editor'],
  ['connection', 'edge', 'link', 'arrow', 'wire'],
  ['undo', 'revert', 'go back', 'take back'],
  ['save', 'persist', 'store', 'kept', 'remember'],
  // Limits.
  ['rate limit', 'throttle', 'throttled', 'too many requests', '429', 'quota', 'how many requests'],
  ['limit', 'maximum', 'max', 'cap', 'budget'],
  // Builds and their stages.
  ['build', 'project', 'generate'],
  ['test', 'tests', 'qa', 'testing', 'unit test'],
  ['fail', 'failure', 'failing', 'broken', 'break', 'error', 'crash', 'wrong'],
  ['fix', 'repair', 'correct', 'resolve'],
  ['iteration', 'loop', 'attempt', 'round', 'cycle', 'pass'],
  ['sandbox', 'isolated', 'isolation', 'bubblewrap', 'bwrap', 'container'],
  ['archive', 'zip', 'download', 'deliverable'],
  ['stage', 'step', 'phase'],
  ['progress', 'status', 'track', 'percentage', 'tracker'],
  ['approval gate', 'approval', 'approve', 'sign off', 'review', 'gate'],
  ['reject', 'deny', 'decline', 'refuse'],
  ['clarification', 'clarify', 'question', 'ambiguous', 'unclear'],
  ['brief', 'requirement', 'requirements', 'spec', 'specification'],
  ['plan', 'file structure', 'folder', 'layout', 'scaffold', 'structure'],
  ['follow up', 'continue', 'existing project', 'change', 'modify', 'extend'],
  ['market analysis', 'competitor', 'market', 'competition'],
  ['deploy', 'deployment', 'production', 'ship', 'release'],
  // Running the server.
  ['install', 'installation', 'set up', 'setup', 'get started', 'getting started', 'first steps', 'run locally'],
  ['requirement', 'prerequisite', 'need', 'node version', 'system requirements'],
  ['database', 'db', 'postgres', 'postgresql', 'pglite', 'sql'],
  ['scale', 'scaling', 'several servers', 'multiple servers', 'several processes', 'horizontal', 'redis', 'workers'],
  ['configure', 'configuration', 'setting', 'settings', 'environment variable', 'variable', 'env', 'config', 'option'],
  ['log', 'logs', 'logging', 'log entry'],
  ['search', 'filter', 'find', 'look up'],
  ['chart', 'graph', 'metrics', 'usage', 'consumption', 'spend', 'cost'],
  ['endpoint', 'route', 'api call', 'url', 'request'],
  ['realtime', 'real time', 'websocket', 'socket', 'live', 'socket io', 'event'],
  ['dashboard', 'overview', 'home screen'],
  ['command', 'instruction', 'order'],
  ['task', 'job', 'work item'],
  ['delete', 'remove', 'erase', 'clear'],
  ['error', 'status code', 'problem', 'issue'],
  ['secure', 'security', 'safe', 'safety', 'protect'],
  // Everyday software words for the docs' own.
  ['backend', 'back end', 'server', 'api server'],
  ['frontend', 'front end', 'web app', 'browser', 'client side', 'spa'],
  ['framework', 'library', 'fastify', 'react'],
  ['employee', 'colleague', 'teammate', 'team member', 'person', 'someone', 'staff', 'user'],
  ['lock out', 'block', 'ban', 'disable', 'deactivate', 'revoke', 'leave', 'left', 'quit'],
  ['give', 'grant', 'assign', 'add'],
  ['tip', 'tips', 'advice', 'best practice', 'best practices', 'recommendation', 'habit', 'habits', 'well', 'good'],
  ['execute', 'run', 'carry out', 'perform'],
  ['phrase', 'word', 'wording', 'write', 'describe', 'ask for'],
  ['version', 'release', 'node js', 'nodejs'],
  ['dependency', 'dependencies', 'package', 'packages', 'npm', 'install', 'library'],
  ['inside', 'contain', 'contains', 'content', 'included', 'include'],
  ['see', 'view', 'watch', 'monitor', 'follow', 'look at', 'check'],
  ['running', 'active', 'in progress', 'ongoing', 'current'],
  ['pick', 'choose', 'select', 'chosen', 'picker', 'default'],
  ['tool', 'function', 'tools', 'functions'],
  ['write', 'writes', 'writing', 'generate', 'code'],
  ['load balancer', 'reverse proxy', 'proxy', 'several processes', 'scale out'],
  ['stuck', 'hang', 'hung', 'slow', 'never finishes', 'timeout'],
  ['chat', 'conversation', 'message', 'assistant'],
  ['history', 'past conversations', 'previous conversations', 'earlier conversations'],
  ['good enough', 'meets the bar', 'quality', 'pass', 'acceptance'],
]

/**
 * What a question word asks for. These only help rank (a 'who can' question prefers the passage
 * on access); they are not ideas a passage must have to answer.
 */
export const QUESTION_HINTS: readonly (readonly [string, string])[] = [
  ['who can', 'permission access role held'],
  ['who may', 'permission access role held'],
  ['allowed to', 'permission access role'],
  ['how long', 'lifetime duration hours days minutes seconds last'],
  ['how many', 'limit number default maximum'],
  ['how much', 'limit number default cost'],
  ['when will', 'planned availability date release'],
  ['when does', 'planned availability date release'],
  ['where is', 'kept stored page location'],
  ['where can', 'page shows'],
  ['what happens', 'fail error ends then'],
  ['what if', 'fail error ends then'],
  ['why', 'because reason error'],
]
