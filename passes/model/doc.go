// Package model defines the fencecheck_model Analyzer, the engine shared by
// fencecheck's rules.
//
// # Analyzer fencecheck_model
//
// fencecheck_model: find lease scopes and the sink writes made inside them
//
// The pass builds on SSA, which it builds itself and only for packages
// that can matter: a package that imports no library of the catalogue,
// carries no directive and depends on no package that exported a fact
// cannot hold a lease scope or a sink, and is skipped before any SSA is
// built. For the others it classifies every call of the package with the
// API catalogue, the SQL text scanner and the //fencecheck: directives:
// lease acquisitions (claim statements, advisory locks, functions marked
// //fencecheck:acquire), releases, sink writes (SQL UPDATE, DELETE, upsert
// and MERGE; GORM Save and friends; functions marked //fencecheck:sink) and
// guarded writes (a fencing-token predicate in the statement's own WHERE or
// ON CONFLICT … DO UPDATE … WHERE, a transaction-scoped lock taken on the
// same transaction, functions marked //fencecheck:guarded).
//
// A lease scope is the code after a successful acquisition until a release
// or the end of the function, the body of a handler, and, transitively,
// every function of the package called from a lease scope. Functions of
// other packages are summarised in facts: whether calling them takes a
// lease, and which unguarded write they reach. The result lists every write
// made in a lease scope with its guard, for the rule analyzers to report.
//
// A call through an interface method is judged by the directives written
// on the method (exported as a fact), else by the implementations the
// package can see (its own named types and those of its transitive imports,
// test doubles excluded): it acquires when all of them do, writes when any
// does, and is guarded when all are. Unexported types a package converts
// to an interface are listed with their methods' facts in a package fact,
// since export data may omit them. Interface calls made under a lease
// that no visible implementation decided are listed in a package fact; a
// package that converts a concrete type to that interface reports the
// concrete method's unguarded write at the conversion.
//
// The pass reports nothing itself. When the SQL text of a call cannot be
// resolved (built at run time, passed in as a parameter), the call is not
// treated as a write: fencecheck stays silent rather than guess.
package model
