// The web app's '@/…' imports name src/ (the paths of tsconfig.json), written as a bundler's
// resolve options: the form dependency-cruiser reads aliases in (.dependency-cruiser.cjs).
const path = require('node:path');

module.exports = { resolve: { alias: { '@': path.join(__dirname, 'src') } } };
