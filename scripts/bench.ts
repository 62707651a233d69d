// `npm run bench`: the performance benchmark arrives with its own issue; until then it says so.
console.error('npm run bench: the benchmark is not built yet (see the performance issue).');
process.exit(1);
