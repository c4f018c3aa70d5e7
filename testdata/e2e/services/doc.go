// Package services is shaped like production services that take leases:
// ports and adapters wired in main, transaction and retry helpers, lock
// wrappers behind interfaces, job structs that own their transaction,
// dispatchers that hand claimed work over channels, and queue handlers that
// delegate to services of other packages. Every finding fencecheck must
// report carries a "// finding: RULE" marker; every other line must stay
// silent.
package services
