// Package model defines the fencecheck_model Analyzer, the engine shared by
// fencecheck's rules.
//
// # Analyzer fencecheck_model
//
// fencecheck_model: find lease scopes and the sink writes made inside them
//
// The pass finds the code that runs while a lease is held (after a claim
// or a lock, in a job handler, and in everything called from there, across
// packages through facts) and every sink write made there, with how the
// write is guarded. It reports nothing itself: the rule analyzers report
// the writes whose verdict is theirs. When it cannot tell (SQL text built
// at run time, a call whose implementation it cannot see), it stays
// silent rather than guess.
//
// # Pipeline
//
// run calls the steps in this order; each lives in its own files. Two
// shared parts serve them all:
//
//   - the value-flow graph (internal/valueflow; flowgraph.go): one graph
//     per package over its SSA, built on first use, whose nodes are
//     values and the locations they move through (fields, variables,
//     elements, channels, context values, results) and whose edges are
//     every way a value moves (phis, conversions, stores and loads,
//     closure bindings at any depth, sends to receives and select cases,
//     context.WithValue to Value, calls resolved inside the package).
//     Leases, lease contexts and handles are labels put on their sources
//     and propagated on it: a channel's hand-off (channels.go), the objects
//     that carry a lease (carriers.go), lease contexts (leasectx.go),
//     handles taken out of a context (ctxhandles.go), the producer of a
//     release function (releases.go) and a wrapper's own transaction
//     (wrapperlock.go) are queries on it.
//
//   - the store readers (passes/model/store; readers.go): one package per
//     family of sinks, behind the store.Reader interface, turning a call
//     into a typed op (acquire, release, renew, write with its guard, not
//     a write, unknown). The document-store reader (store/docstore) is the
//     first; the other families are still read in this package.
//
//     1. Relevance (ssa.go). A package that imports no library of the
//     catalogue, carries no directive and depends on no package that
//     exported a fact (other than a SyncFact) cannot hold a lease scope or
//     a sink: it is skipped before any SSA is built, after a look at the
//     syntax of its functions that take a function parameter for the
//     callbacks they run before returning (syncscan.go, SyncFact). The
//     others get SSA, built here.
//
//     2. Classification (classify.go, apis.go, gorm.go). Every call becomes an
//     op: an acquisition, a release, the end of a transaction, a sink write
//     with its guard, or a call of a function of the package to follow.
//     The user's word comes first (directives, flags), then the API
//     catalogue, then facts of other packages. SQL text is resolved from
//     constants, concatenation, Sprintf, prepared statements, wrappers of
//     the package and functions that return SQL (sqlvalue.go, sqlfuncs.go),
//     with lists of placeholders built at run time read as parameter lists
//     (sqllists.go: Repeat, Join, sqlx.In), and read by its structure (sqlrules.go, sqlshape.go): a claim sets a
//     holder or expiry and returns its rows or is conditioned on a free or
//     expired lease (visibility timeouts through subquery predicates,
//     upsert claims, two-step claims, also composed by a caller from a
//     function that selects free rows and one that marks the selected
//     keys: twostep.go, FuncFact.FreeRows and Marks); an optimistic job
//     claim moves a version on the condition of the old one, takes the row
//     (a claimed state, a holder, an expiry) and has its row count read
//     (optimistic.go; a row count of 0 is the claim's failure edge); a
//     renewal is neither claim nor write; a release clears the holder with
//     NULL, false or 0; a renewal or release keyed by the lease's key alone
//     is weakly guarded (leaserow.go); an UPDATE that gives rows its
//     transaction locked FOR UPDATE a deadline is a claim that outlives
//     the transaction (lockedclaim.go); a cleanup
//     that selects rows by age alone is not a write. GORM calls are read as
//     the SQL they run (gormclaim.go: Where chains with Update and Updates
//     of a map literal, OnConflict clauses of Create). A call through an
//     interface of the program that only catalogued SQL handles implement
//     (sqlc's DBTX) runs their catalogued execution (sqliface.go). Redis Lua scripts are
//     read the same way (internal/luascript; apis.go, redigo.go): popping
//     an item and recording its expiry is a claim, as are stream
//     consumer-group reads and takeovers; a guard that compares stored data
//     with ARGV is a token guard, one that tests only existence or
//     membership a state guard; a redigo write after WATCH and MULTI on its
//     connection is in an optimistic transaction. CQL text run by gocql
//     (cql.go) is read the same way, through the builder methods that
//     return the query: the IF of a lightweight transaction guards like a
//     WHERE, an INSERT without IF NOT EXISTS overwrites, a conditional
//     batch guards all of its statements, an equality in IF with a value
//     of claim origin is an owner check (settled after the scopes, when
//     every acquisition is known), and the rejection is the applied flag
//     that ScanCAS returns and Exec drops. Calls through an
//     interface (iface.go) are judged by directives on the method, else by
//     the implementations the package can see, test doubles excluded: they
//     acquire when all do, write when any does, are guarded when all are.
//     Registrations of handlers (registration.go) and calls of helpers that
//     run a callback synchronously (callbacks.go, FuncFact.SyncParams,
//     SyncFact from the syntax of packages without SSA; the catalogue
//     lists the retry helpers of retry-go and backoff) are noted here too. A function that runs the Redis script a parameter holds
//     (runScript(ctx, op, script, keys, args...)) is a script wrapper
//     (scriptwrap.go): its calls are classified by the script the caller
//     passes, across packages through FuncFact.ScriptParams.
//     A MongoDB write is classified by its filter document (the reader store/docstore, behind the store.Reader interface; readers.go)
//     when the code builds it as a literal (bson.M, bson.D, maps, $and):
//     a token field compared with $lt or $lte, or equal to the claim's
//     token, guards; state or expiry alone is a state guard; a cleanup by
//     age or a claim of the document's own lease is not a write (a
//     FindOneAndUpdate claim is an acquisition, failing with the error of
//     its Decode or Err); a filter built elsewhere leaves the call
//     unclassified.
//     A write that a variadic option can make conditional (NATS KV
//     Delete(key, LastRevision(rev))) is guarded by the option's argument,
//     and a create-only write (NATS KV Create) takes a lock when the
//     function defers the deletion of the same key or an option gives the
//     key an expiry (KeyTTL) (condopts.go).
//     A CQL INSERT … IF NOT EXISTS USING TTL whose applied flag is read
//     takes a lease; on its table, a DELETE or a TTL renewal conditioned
//     on the holder releases or renews it (cqllease.go).
//
//     3. Handles (handles.go). A transaction or session that holds a lock
//     guards the writes made through it: where it is passed to a helper
//     that locks a parameter (FuncFact.LocksParams), stored in a field that
//     only ever holds locked handles (FieldFact), or handed to a helper
//     whose writes all go through that parameter (FuncFact.WriteParams).
//     A session lock guards every handle of its session, whatever the
//     driver: a transaction begun on the connection, pgxpool.Conn.Conn()
//     (sessions.go; the handle types are the catalogue's).
//
//     4. Scopes (scope.go, dataflow.go, acquirers.go, releases.go,
//     handlers.go). Within a function, a forward dataflow over the control
//     flow graph tells where a lease is possibly held: an acquisition adds
//     it, its failure edge and a release remove it, so a lock taken on one
//     branch opens a scope at the join. Handler bodies are scopes whole
//     (by directive, by shape: River Work, asynq ProcessTask, Temporal
//     activities; or by registration), and so is an exported function of a
//     queue library that writes the rows the package claims keyed only by
//     the claim's key (a Delete(id) any stale worker can call). A function
//     that returns with a lease
//     possibly held and no deferred release is itself an acquisition (also
//     an error-only lock wrapper on its receiver or a parameter); calling
//     the function an acquisition returned releases. In a function that
//     takes no lease of its own, a release that runs before an instruction
//     on every path ends the lease the function runs under there (a message
//     acknowledged in its handler). A consumer that acknowledges on
//     delivery (a JetStream ordered or AckNone consumer the function makes)
//     leases nothing (noack.go). Scopes spread to the
//     functions of the package called from them, to closures made in them,
//     to local implementations of interface calls, and to callbacks run
//     synchronously, closures or named functions.
//
//     5. Carriers and channels (carriers.go, channels.go). A struct type whose
//     every value is made under a lease and given something of it stands
//     for the lease: its methods are scopes (TypeFact). When every send on
//     a channel of the package runs under a lease, the code after a receive
//     from it does too.
//
//     6. Facts (summary.go, iface.go). Every declared function whose calls
//     matter to other packages gets a FuncFact: it acquires (and which
//     result is the token, which claim columns it sets), releases, is a
//     sink, a guarded write (and which parameter is the token), a probe,
//     idempotent, the path to the unguarded write it reaches and where that
//     write is, the callbacks it runs synchronously, the SQL text it
//     returns, the free rows it selects and the rows it marks by key. Directives on interface methods are exported as FuncFacts;
//     unexported types converted to interfaces (HiddenImplsFact) and
//     interface calls made under a lease that no visible implementation
//     decided (LeasedCallsFact) are package facts, so that the package that
//     wires an implementation reports its write at the conversion.
//
//     7. Writes and verdicts (summary.go, verdict.go, provenance.go,
//     probes.go, paths.go). Every write made in a scope gets one verdict,
//     so a line is reported by one rule: fenced, unfenced, preflight (an
//     ownership probe before it), clientcompare (the stored token compared
//     in Go), weakguard (a guard that does not fence, judged by the token's
//     origin) or uncheckedfence (the rejection is never looked at). Its
//     Related steps give the path: the lease, the calls that carried it,
//     the implementation an interface call resolved to, where a helper of
//     another package writes, and the token's origin or the probe. A
//     revision read just before a compare-and-set (Consul KV.Get, a getter
//     such as NATS KeyValueEntry.Revision on what a read returned) is
//     fresh, not a token, unless the claim's token is compared with the
//     stored one first.
//     A token decoded from a document a catalogue read returned (MongoDB
//     FindOne) was read separately, not issued by the claim.
//     Probes are read by structure: a clock reading (time.Now, any Now()
//     time.Time, a func() time.Time value) compared with a value that is
//     not one, and bools built from probes with ||, && and ! (clock.go,
//     probes.go: Equal alone is no probe); ctx.Err() and ctx.Done() only on a context tied
//     to a lease (leasectx.go); a function whose bool result comes from a
//     probe, exported as FuncFact.Probe, and the probe a helper makes
//     before its write, carried by FuncFact.WriteProbe; a function whose
//     bool comes from a context parameter's Err probes where a lease
//     context is passed (FuncFact.ProbeCtxParams; probefuncs.go). A
//     version-like field of a value read from the store under the lease
//     and compared in Go is a client-side compare (versionfields.go).
//
//     8. Inventory (inventory.go, inventory_scopes.go, inventory_reasons.go,
//     inventory_wiring.go), only when EnableInventory is on: every scope
//     with how it was recognised, its token, key and ends, and every call
//     judged under it, the silent ones with their reason (Result.Inventory;
//     SilentFact carries why a call of another package's function is
//     silent). The hooks in classification record the calls it leaves out.
package model
