import path from 'node:path'
import HtmlWebpackPlugin from 'html-webpack-plugin'
import MiniCssExtractPlugin from 'mini-css-extract-plugin'
import TerserPlugin from 'terser-webpack-plugin'
import CopyWebpackPlugin from 'copy-webpack-plugin'
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin'
import webpack from 'webpack'
import type { Configuration } from 'webpack'
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server'

/** Build-time settings of the SPA; each can be overridden from the environment. */
export const buildSettings = () => ({
  PRODUCT_NAME: process.env.PRODUCT_NAME || 'Overseer',
  BRAND_NAME: process.env.BRAND_NAME || 'Overseer Labs',
  API_BASE_URL: process.env.API_BASE_URL || '/api',
  /** The site's public origin for absolute URLs: canonical links, social cards, the sitemap. */
  SITE_URL: (process.env.SITE_URL || 'https://overseerlabs.ai').replace(/\/+$/, ''),
})

type Target = 'web' | 'node'

/**
 * The loaders, shared by the browser build and the prerender build so both compile the same
 * source the same way: the same CSS-module class names, asset URLs and code positions. The
 * prerender build takes only the class names of CSS modules and emits no files of its own.
 */
const moduleRules = (production: boolean, target: Target): webpack.RuleSetRule[] => {
  const styleLoader = production ? MiniCssExtractPlugin.loader : 'style-loader'
  return [
    {
      test: /\.tsx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
            target: 'es2020',
          },
        },
      },
    },
    {
      test: /\.module\.scss$/,
      use: [
        ...(target === 'web' ? [styleLoader] : []),
        {
          loader: 'css-loader',
          options: {
            modules: {
              namedExport: false,
              exportLocalsConvention: 'as-is',
              localIdentName: production ? '[hash:base64:6]' : '[name]__[local]',
              exportOnlyLocals: target === 'node',
            },
          },
        },
        'sass-loader',
      ],
    },
    target === 'web'
      ? { test: /\.s?css$/, exclude: /\.module\.scss$/, use: [styleLoader, 'css-loader', 'sass-loader'] }
      : // Global styles do nothing on the server: the page links the browser build's CSS.
        { test: /\.s?css$/, exclude: /\.module\.scss$/, type: 'javascript/auto', use: path.resolve(__dirname, 'scripts/prerender/emptyModuleLoader.cjs') },
    { test: /\.(png|jpe?g|svg|webp|woff2?)$/, type: 'asset/resource', generator: { emit: target === 'web' } },
    // The documentation pages and the site's copy: Markdown compiled at build time (scripts/markdown/loader.ts).
    {
      test: /\.md$/,
      include: [path.resolve(__dirname, 'docs'), path.resolve(__dirname, 'content')],
      use: path.resolve(__dirname, 'scripts/markdown/loader.ts'),
    },
  ]
}

const resolveOptions = (production: boolean): webpack.ResolveOptions => ({
  extensions: ['.tsx', '.ts', '.js'],
  alias: {
    '@': path.resolve(__dirname, 'src'),
    '@content': path.resolve(__dirname, 'content'),
    '@contracts': path.resolve(__dirname, 'contracts'),
    // react-router's package exports point bundlers at its development build.
    ...(production && {
      'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
      'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
    }),
  },
})

/** `process.env.PRERENDER`: 'true' in the prerender build, '' in the browser's (code only the prerender needs is dropped there). */
const defineSettings = (settings: Record<string, string>) =>
  new webpack.DefinePlugin(Object.fromEntries(Object.entries(settings).map(([key, value]) => [`process.env.${key}`, JSON.stringify(value)])))

/** Asset and chunk names: the prerender build must name assets exactly as the browser build does. */
const ASSET_FILENAME = 'assets/[name].[contenthash:10][ext]'

/**
 * The prerender build: the same app compiled for Node (src/app/prerender), whose pages
 * `scripts/prerender` renders to HTML after the browser build. Its output is a working directory,
 * never served. Lazy imports stay separate chunks so the prerender can tell which of them a page
 * loads, and so which of the browser build's chunks that page should preload.
 */
export const createPrerenderConfig = (outputPath: string): Configuration => ({
  name: 'prerender',
  mode: 'production',
  target: 'node20',
  entry: { prerender: './src/app/prerender/index.tsx' },
  output: {
    path: outputPath,
    filename: '[name].js',
    chunkFilename: 'chunks/[id].js',
    assetModuleFilename: ASSET_FILENAME,
    publicPath: '/',
    library: { type: 'commonjs2' },
    clean: true,
  },
  devtool: false,
  resolve: resolveOptions(true),
  module: { rules: moduleRules(true, 'node') },
  plugins: [defineSettings({ ...buildSettings(), PRERENDER: 'true' })],
  optimization: { minimize: false, splitChunks: false, chunkIds: 'deterministic', moduleIds: 'deterministic' },
  performance: { hints: false },
})

export default (_env: unknown, argv: { mode?: string }): Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode !== 'development'
  const settings = buildSettings()
  const apiPort = process.env.PORT || '8080'

  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/app/index.tsx' },
    output: {
      // BUILD_DIR lets a second build (a bench, a parallel test run) leave dist/ alone.
      path: path.resolve(__dirname, process.env.BUILD_DIR ?? 'dist'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: ASSET_FILENAME,
      publicPath: '/',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: resolveOptions(production),
    module: { rules: moduleRules(production, 'web') },
    plugins: [
      defineSettings({ ...settings, PRERENDER: '' }),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        templateParameters: settings,
        scriptLoading: 'defer',
        minify: production && { collapseWhitespace: true, removeComments: true, minifyCSS: true },
      }),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }],
      }),
      ...(production
        ? [new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:10].css', chunkFilename: 'assets/[name].[contenthash:10].css' })]
        : []),
    ],
    optimization: {
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify }), new CssMinimizerPlugin()],
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          react: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, name: 'vendor-react', priority: 40 },
          router: { test: /[\\/]node_modules[\\/](react-router|react-router-dom)[\\/]/, name: 'vendor-router', priority: 30 },
          // RTK Query loads with the first page that calls the API (see shared/api/baseApi).
          rtkQuery: {
            test: /[\\/]node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/,
            name: 'vendor-rtk-query',
            priority: 35,
            chunks: 'async',
          },
          redux: {
            test: /[\\/]node_modules[\\/](@reduxjs|redux|react-redux|redux-persist|reselect|immer|redux-thunk)[\\/]/,
            name: 'vendor-redux',
            priority: 30,
          },
          forms: { test: /[\\/]node_modules[\\/](formik|yup|lodash|lodash-es|tiny-case|toposort|property-expr|deepmerge|react-fast-compare|hoist-non-react-statics|react-is|tiny-warning)[\\/]/, name: 'vendor-forms', priority: 30, chunks: 'async' },
          // ApexCharts (about 275 KiB gzip) loads only with the Overseer page's token chart.
          charts: {
            test: /[\\/]node_modules[\\/](apexcharts|react-apexcharts|@svgdotjs|@yr[\\/]monotone-cubic-spline)[\\/]/,
            name: 'vendor-apexcharts',
            priority: 30,
            chunks: 'async',
          },
          // React Flow and what only it uses load with the dashboard's Architecture Canvas tab.
          xyflow: { test: /[\\/]node_modules[\\/](@xyflow|d3-[a-z]+|zustand|classcat)[\\/]/, name: 'vendor-xyflow', priority: 30, chunks: 'async' },
          socket: { test: /[\\/]node_modules[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io|debug|ms|xmlhttprequest-ssl|ws)[\\/]/, name: 'vendor-socket', priority: 30, chunks: 'async' },
        },
      },
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT || 3000),
      hot: true,
      historyApiFallback: true,
      proxy: [
        { context: ['/api'], target: `http://127.0.0.1:${apiPort}` },
        { context: ['/socket.io'], target: `http://127.0.0.1:${apiPort}`, ws: true },
      ],
    },
  }
}
