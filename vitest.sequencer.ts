/**
 * The order of the test files. Vitest runs the files it has timings for longest first, and the
 * others largest first. On a fresh clone (CI) it has no timings, and the slowest server files
 * (whole-API walks, real OCR on photographs, storms of concurrent payments) could start last and
 * leave one worker running alone at the end: these start first. Refresh the list from a run's
 * output when it changes much (`npx vitest run --project server`, slowest files).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOWEST_FIRST = [
  'src/security/input-fuzz.test.ts',
  'src/modules/identity/identity.test.ts',
  'src/security/staff-audit-walk.test.ts',
  'src/modules/payments/payments.test.ts',
  'src/modules/admin/role-matrix.test.ts',
  'src/modules/auth/auth.test.ts',
  'src/modules/private-rooms/private-rooms.test.ts',
  'src/modules/wallet/money-storm.test.ts',
  'src/security/limits.test.ts',
  'src/security/authz-matrix.test.ts',
  'src/modules/notifications/notifications.test.ts',
  'src/modules/campaigns/campaigns.test.ts',
];

const rank = (spec: TestSpecification) => {
  const i = SLOWEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
  return i < 0 ? SLOWEST_FIRST.length : i;
};

export default class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const position = new Map(base.map((spec, i) => [spec, i]));
    // Projects keep the base order between them; within one, the listed files come first.
    return [...base].sort((a, b) =>
      a.project.name === b.project.name
        ? rank(a) - rank(b) || position.get(a)! - position.get(b)!
        : position.get(a)! - position.get(b)!,
    );
  }
}
