// Package inventory defines the fencecheck_inventory Analyzer, which
// reports what fencecheck understood of a package's leases.
//
// # Analyzer fencecheck_inventory
//
// fencecheck_inventory: list every lease scope and what was concluded about each write under it
//
// A clean run of the rules means either that every write under a lease is
// fenced or that fencecheck did not understand the code. This analyzer,
// off by default, tells which. It reports one diagnostic per lease scope
// (where it begins, how it was recognised: a catalogue entry, a structural
// rule, a directive or flag, a fact of another package; the token and key
// the claim yields; where it ends) and one per call judged under a scope,
// with its verdict, including the silent ones: reported (by which rule),
// fenced (by which guard), handled by the sink's own lock, idempotent, a
// cleanup, not a write, or not judged, with the reason (SQL text built at
// run time, a filter built elsewhere, an interface with no visible
// implementation, a callee of another module without facts). With -all it
// also lists the writes made outside any scope, and with -all -calls the
// calls outside any scope it could not judge (what -why needs to explain a
// line no scope reaches).
//
// Every diagnostic has the category "inventory"; its data are its related
// positions, each "FIELD: VALUE" (package internal/invdoc), so that go
// vet's JSON carries them. The standalone driver turns them into the
// inventory (fencecheck -leases) and into the answer to fencecheck -why
// FILE:LINE.
//
// The analyzer reports only when the engine records the inventory, which
// a driver asks for with model.EnableInventory; fencecheck does so when
// the analyzer is enabled (-fencecheck_inventory under go vet, -leases or
// -why standalone). Otherwise neither costs anything.
package inventory
