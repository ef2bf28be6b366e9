// RTK Query needs an absolute base URL outside a browser page.
process.env.API_BASE_URL = 'http://localhost/api'
