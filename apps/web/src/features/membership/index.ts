/** What other features may use from membership (lint: features talk through index.ts only). */
export { MembershipBanner } from './components/MembershipBanner';
export { MembershipStatusChip } from './components/MembershipStatusChip';
export { ProofStatusChip } from './components/ProofStatusChip';
export { membershipKeys, myMembershipQuery, useMyMembership } from './api/get-my-membership';
