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
// SQL statements are read by their structure (sqlshape.go): a claim sets a
// holder or expiry and returns its rows or is conditioned on a free or
// expired lease (including visibility-timeout claims found through the
// predicates of subqueries, upsert claims, and two-step SELECT-then-UPDATE
// claims); a renewal (only expiries, holder = $param) is neither a claim
// nor a write; a release clears the holder with NULL, false or 0; a DELETE
// or marking UPDATE that selects rows by age alone is a retention cleanup,
// not a write. An exported function of a package that claims rows of a
// table and writes them keyed only by the key the claim returns (a queue
// library's Delete(id)) is judged as running under that claim.
//
// A lease scope is the code after a successful acquisition until a release
// or the end of the function, the body of a handler, and, transitively,
// every function of the package called from a lease scope. Handlers are
// recognised by their shape (a River Work method, an asynq ProcessTask
// method or handler function, a Temporal activity) and by registration: a
// call the catalogue lists as registering (Temporal RegisterActivity, asynq
// ServeMux.Handle and HandleFunc, River AddWorker and WorkFunc) makes the
// functions, method values or methods of the type it is given handlers;
// when they belong to another package, the write their facts say they
// reach is reported at the registration.
//
// Within a function, a forward dataflow over the control-flow graph tells where a
// lease is possibly held: an acquisition adds it, its failure edge (error
// non-nil, ok false, also through a phi of per-dialect claims) and a
// release remove it, so a claim made on one branch opens a scope at the
// join. A function that returns with a lease possibly held, with no
// deferred release, is itself an acquisition: one that returns a value, or
// an error-only lock wrapper working on its receiver or a parameter that
// writes nothing under the lease. Calling the function value an
// acquisition returned (unlock()) releases, and so does a function that
// only releases. A function that calls a function-valued parameter before
// it returns (a transaction or retry helper) exports that as SyncParams
// (the catalogue lists the retry helpers of retry-go and backoff):
// a callback passed there that returns holding a lease makes the call an
// acquisition, and its unguarded write is the caller's write in facts. SQL
// text returned by a function (a query builder) is resolved at the call,
// across packages through the SQLText fact. A function that runs the Redis
// script a parameter holds (runScript(ctx, op, script, keys, args...)) is
// a script wrapper (scriptwrap.go): its calls are classified by the script
// the caller passes, across packages through FuncFact.ScriptParams.
//
// Functions of other packages are summarised in facts: whether calling them takes a
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
// Lock-holding handles travel (handles.go): a helper that returns holding
// a transaction or session lock on a parameter is an acquisition whose
// argument is a guarded handle (FuncFact.LocksParams); a function that
// returns the locked transaction, or a value holding it, returns holding
// the lease; a struct field only ever assigned lock-holding handles
// carries the lock (FieldFact), so writes through it are checked by the
// database; and a helper whose writes all go through a handle parameter
// (FuncFact.WriteParams), or a function of the package every caller
// passes a guarded handle, is guarded when the handle it gets holds the
// lock.
//
// Objects carry the lease (carriers.go): a struct type of the package
// whose every value is made in a lease scope and given something of the
// lease (the claim's result, a context derived in the scope, a handler's
// argument) stands for the lease; its methods are lease scopes, and the
// type gets a TypeFact. Channels hand the lease off (channels.go): when
// every send on a channel of the package (an unexported field, or a make
// passed only to the package's own functions and closures) runs in a
// lease scope, the code after a receive from it is a lease scope.
//
// The pass reports nothing itself. When the SQL text of a call cannot be
// resolved (built at run time, passed in as a parameter), the call is not
// treated as a write: fencecheck stays silent rather than guess.
package model
