import type { ManualScan, ManualScanResponse } from '@baletrack/contracts/bales/manual-scan';
import type { AppContext } from '../../app-context.ts';
import {
  commitBaleVersion,
  listBalesByTag,
  lockNextBaleVersion,
  moveBalesByTag,
} from './bale-writes.repository.ts';

/**
 * Records tags scanned by hand: each bale carrying a scanned tag now lies where it was scanned
 * (unless a newer update is stored). All scans in one transaction.
 */
export async function recordManualScans(
  ctx: AppContext,
  orgId: string,
  scans: ManualScan[],
): Promise<ManualScanResponse> {
  const changedAt = ctx.now();
  // The version bump is what tells every process's cached copies (readBaleStamp) to catch up.
  return ctx.db.transaction().execute(async (trx) => {
    const version = await lockNextBaleVersion(trx, orgId);
    const tags = [...new Set(scans.map((scan) => scan.tagSerialNumber))];
    const known = new Set((await listBalesByTag(trx, orgId, tags)).map((b) => b.tagSerialNumber));
    // Scans apply oldest first, so the last scan of a tag decides where its bale lies.
    const ordered = [...scans].sort((a, b) => Date.parse(a.scannedAt) - Date.parse(b.scannedAt));
    const moved = new Set<string>();
    for (const scan of ordered) {
      if (!known.has(scan.tagSerialNumber)) continue;
      const uids = await moveBalesByTag(trx, orgId, {
        tag: scan.tagSerialNumber,
        lat: scan.location.lat,
        lon: scan.location.lon,
        at: new Date(scan.scannedAt),
        version,
        changedAt,
      });
      for (const { uid } of uids) moved.add(uid);
    }
    if (moved.size > 0) await commitBaleVersion(trx, orgId, version);
    return { moved: moved.size, unknownTags: tags.filter((tag) => !known.has(tag)) };
  });
}
