import './src/app.ts'; console.log('loaded')
