import path from 'node:path'
import HtmlWebpackPlugin from 'html-webpack-plugin'
import MiniCssExtractPlugin from 'mini-css-extract-plugin'
import TerserPlugin from 'terser-webpack-plugin'
import CopyWebpackPlugin from 'copy-webpack-plugin'
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin'
import webpack from 'webpack'
import type { Configuration } from 'webpack'
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server'

/**
 * Most visitors arrive on the home page, whose code is a lazily loaded route chunk. Preloading
 * it from index.html fetches it alongside the app's own scripts instead of after them.
 */
class PreloadLandingPagePlugin {
  constructor(private readonly chunkGroupName: string) {}

  apply(compiler: webpack.Compiler) {
    compiler.hooks.compilation.tap('PreloadLandingPagePlugin', (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap('PreloadLandingPagePlugin', (data) => {
        const group = compilation.namedChunkGroups.get(this.chunkGroupName)
        const files = group ? group.chunks.flatMap((chunk) => [...chunk.files]) : []
        const publicPath = String(compilation.outputOptions.publicPath ?? '/')
        const links = files
          .filter((file) => /\.(js|css)$/.test(file))
          .map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: file.endsWith('.css') ? 'style' : 'script',
              href: `${publicPath}${file}`,
            }),
          )
        data.headTags.push(...links)
        return data
      })
    })
  }
}

/** Build-time settings of the SPA; each can be overridden from the environment. */
export const buildSettings = () => ({
  PRODUCT_NAME: process.env.PRODUCT_NAME || 'Overseer',
  BRAND_NAME: process.env.BRAND_NAME || 'Overseer Labs',
  API_BASE_URL: process.env.API_BASE_URL || '/api',
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
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
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
    },
    module: {
      rules: [
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
            production ? MiniCssExtractPlugin.loader : 'style-loader',
            {
              loader: 'css-loader',
              options: {
                modules: {
                  namedExport: false,
                  exportLocalsConvention: 'as-is',
                  localIdentName: production ? '[hash:base64:6]' : '[name]__[local]',
                },
              },
            },
            'sass-loader',
          ],
        },
        {
          test: /\.s?css$/,
          exclude: /\.module\.scss$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader', 'sass-loader'],
        },
        { test: /\.(png|jpe?g|svg|webp|woff2?)$/, type: 'asset/resource' },
        // The documentation pages and the site's copy: Markdown compiled at build time (scripts/markdown/loader.ts).
        {
          test: /\.md$/,
          include: [path.resolve(__dirname, 'docs'), path.resolve(__dirname, 'content')],
          use: path.resolve(__dirname, 'scripts/markdown/loader.ts'),
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin(
        Object.fromEntries(
          Object.entries(settings).map(([key, value]) => [`process.env.${key}`, JSON.stringify(value)]),
        ),
      ),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        templateParameters: settings,
        scriptLoading: 'defer',
        minify: production && { collapseWhitespace: true, removeComments: true, minifyCSS: true },
      }),
      ...(production ? [new PreloadLandingPagePlugin('page-home')] : []),
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
