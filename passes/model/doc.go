// Package model defines the fencecheck_model Analyzer, the engine shared by
// fencecheck's rules.
//
// # Analyzer fencecheck_model
//
// fencecheck_model: find lease scopes and the sink writes made inside them
//
// The pass finds the code that runs while a lease is held (after a claim
// or a lock, in a job handler or a message handler, and in everything
// called from there, across packages through facts) and every sink write
// made there, with how the write is guarded. It reports nothing itself:
// the rule analyzers report the writes whose verdict is theirs. When it
// cannot tell (SQL text built at run time, a call whose implementation it
// cannot see), it stays silent rather than guess.
//
// # Pipeline
//
// run calls the steps in this order, each in files of its own:
//
//  1. Relevance (relevance.go, ownfacts.go, syncscan.go): a package is
//     built only when its code refers to something that can make a scope,
//     a write or a fact there: a catalogued call or a library read by
//     shape, a directive or flag, a dependency's fact about the object it
//     refers to (one that says more than which callbacks run), or a
//     function of its own whose bool result may come from a clock or a
//     probe, or that returns SQL text. Any other package gets a look at
//     the callbacks its functions run, and no SSA.
//  2. Classification (classify.go, readers.go, apis.go): every call
//     becomes an op (acquire, release, renew, end of a transaction, write
//     with its guard, or a call to follow). The user's word comes first
//     (directives, flags), then the catalogue (internal/catalogue), then
//     facts of other packages. The store readers turn a catalogued call
//     into a typed op behind the store.Reader interface: store/sql (SQL
//     statements and GORM chains), store/cql (CQL), store/redis
//     (commands, scripts, locks held in a key, reservations),
//     store/docstore (MongoDB filters), store/kv (option-guarded and
//     create-only key-value writes), store/cloud (conditional writes of
//     cloud and coordination stores), store/httpapi (HTTP requests). The
//     engine resolves SQL text (sqlvalue.go, sqlfuncs.go, sqllists.go)
//     and composes statements across calls: claims in two steps
//     (twostep.go), rows locked then given a deadline (lockedclaim.go),
//     CQL lock rows (cqllease.go), a queue library's writes by a claimed
//     key (queueapi.go). Calls of the package's Redis client wrappers are
//     read as the command they wrap (rediswrap.go).
//  3. Handles (handles.go, sessions.go, wrapperlock.go): a transaction or
//     session that holds a lock guards the writes made through it.
//  4. Scopes (scope.go, dataflow.go, acquirers.go, releases.go,
//     handlers.go, registration.go, iface.go, methodindex.go): a forward
//     dataflow tells where a lease is possibly held; handler bodies are
//     scopes whole; scopes spread to callees, closures, local
//     implementations and callbacks run synchronously.
//  5. Carriers and channels (carriers.go, channels.go, leasectx.go,
//     ctxhandles.go): values that stand for a lease (a struct made under
//     it, a channel fed under it, a lease context) carry it on.
//  6. Facts (summary.go, iface.go, ifacewire.go): what other packages need
//     of each function (FuncFact), type (TypeFact) and package.
//  7. Verdicts (verdict.go, provenance.go, probes.go, clock.go, paths.go):
//     every write in a scope gets one verdict, so a line is reported by
//     one rule, with the steps that explain it.
//  8. Inventory (inventory*.go), only when asked: every scope and every
//     call judged under it, with the reason for each silence.
//
// Two shared parts serve every step: the value-flow graph
// (internal/valueflow, flowgraph.go), one per package over its SSA, on
// which leases, lease contexts and handles are labels propagated from
// their sources; and the store readers' API (passes/model/store), which
// knows no engine internals. docs/design.md says what each step decides
// and, step by step, which file does it.
package model
