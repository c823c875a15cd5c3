// "Phát hành giao diện" (issue 68 §4, decision 0070) at /admin/releases: per app (the shell and each remote) the live
// build, the canary and its share, the published builds with canary and rollback, the audit and the release tokens.
export { ReleasesPage } from './ReleasesPage';
