// Checks an unpacked npm tarball: the files every entry point names exist, LICENSE is there, and every source map
// (and declaration map) points at sources that are in the package.
const { existsSync, readFileSync, readdirSync, statSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const root = process.argv[2];
const problems = [];
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const named = [pkg.main, pkg.types];
for (const target of Object.values(pkg.exports)) {
  if (typeof target === 'string') named.push(target);
  else named.push(...Object.values(target));
}
for (const file of named) {
  if (!existsSync(join(root, file))) problems.push(`${file} (named in package.json) is not in the package`);
}
for (const file of ['LICENSE', 'README.md', 'CHANGELOG.md']) {
  if (!existsSync(join(root, file))) problems.push(`${file} is not in the package`);
}

const files = walk(root);
const maps = files.filter((file) => file.endsWith('.map'));
if (maps.length === 0) problems.push('no source maps in the package');
for (const map of maps) {
  const { sources = [] } = JSON.parse(readFileSync(map, 'utf8'));
  for (const source of sources) {
    const path = join(dirname(map), source);
    if (!existsSync(path))
      problems.push(`${relative(root, map)} points at ${relative(root, path)}, not in the package`);
  }
}

if (problems.length > 0) {
  console.error(`check-package: ${problems.length} problem(s)\n- ${problems.slice(0, 20).join('\n- ')}`);
  process.exit(1);
}
console.log(
  `check-package: ${files.length} files, ${maps.length} maps, every source they name is in the package`,
);
