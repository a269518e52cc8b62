// Lighthouse CI's configuration (`pnpm lighthouse`, ADR 0030), made from the route table by
// lighthouse/lighthouse-config.ts: lhci runs under tsx, which loads it.
module.exports = require('./lighthouse/lighthouse-config.ts').lighthouseConfig()
