'use strict';
const { useNest12, assertNest12 } = require('./nest12');

/**
 * A row that runs another row's implementation on NestJS 12: Nest is redirected to bench/nest12/ before that file
 * (and, through it, Nest and the library's dist/) is loaded, and the setup check shows which Nest the app ran.
 * Without bench/nest12 installed the row is skipped, not failed.
 *
 * @param {string} label
 * @param {string} file the row run, relative to impl/ ('./library-method-guard')
 */
function onNest12(label, file) {
  const implementation = () => {
    useNest12();
    return require(`../${file}`);
  };
  return {
    label,
    validatesArguments: true,
    async setup(workload) {
      const handle = await implementation().setup(workload);
      return { ...handle, checks: [...(handle.checks ?? []), assertNest12(handle.app)] };
    },
  };
}

module.exports = { onNest12 };
