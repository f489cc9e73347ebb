/** Types of scripts/vulnerable-ranges.mjs (see there). */
export interface VulnerableRange {
  package: string;
  range: string;
  advisory: string;
  url: string;
  summary: string;
}
export interface LockFile {
  packages?: Record<string, { version?: string; name?: string; link?: boolean }>;
}
export interface VulnerableHit {
  where: string;
  name: string;
  version: string;
  entry: VulnerableRange;
}
export declare function readVulnerableRanges(file?: string | URL): VulnerableRange[];
export declare function vulnerablePackages(lock: LockFile, entries: VulnerableRange[]): VulnerableHit[];
export declare function describeHit(hit: VulnerableHit): string;
