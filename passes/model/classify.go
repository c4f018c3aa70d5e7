package model

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/config"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/cloud"
	"github.com/fencecheck/fencecheck/passes/model/store/cql"
	"github.com/fencecheck/fencecheck/passes/model/store/docstore"
	"github.com/fencecheck/fencecheck/passes/model/store/httpapi"
	"github.com/fencecheck/fencecheck/passes/model/store/kube"
	"github.com/fencecheck/fencecheck/passes/model/store/kv"
	sqlstore "github.com/fencecheck/fencecheck/passes/model/store/sql"
)

// funcInfo is what the model knows of one local function.
type funcInfo struct {
	fn  *ssa.Function
	ops []*op
	// own are the lease scopes that cover the whole function (a handler
	// body).
	own []*scope
	// flow tells which of the function's acquisitions may be held at each
	// instruction; nil when it makes none.
	flow *leaseFlow
	// inherited is set when the function is called from a lease scope of
	// this package: its whole body runs under that lease.
	inherited *Lease
	// releases are the function's own releases that end the lease it runs
	// under (releasedAt), found on first use.
	releases *[]ssa.Instruction
}

// classifyAll classifies every call of every source function.
func (m *model) classifyAll() {
	for _, fn := range m.funcs {
		fi := m.local[fn]
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if o := m.classify(call); o != nil {
					fi.ops = append(fi.ops, o)
				}
			}
		}
	}
	// Calls of the package's SQL wrappers (func exec(q string, …) that
	// pass q to an Exec) are classified by the text their callers pass.
	for _, fn := range m.funcs {
		for _, o := range m.local[fn].ops {
			if w, ok := m.sqlWrappers[o.local]; ok {
				m.classifyWrapperCall(o, w)
			}
			if i, ok := m.scriptWrappers[o.local]; ok && o.local != nil {
				m.classifyScriptWrapperCall(o, i)
			}
		}
	}
	m.twoStepClaims()        // SELECT free rows, then UPDATE them: sqlshape.go
	m.cqlLeases()            // INSERT … IF NOT EXISTS USING TTL: cqllease.go
	m.lockedDeadlineClaims() // FOR UPDATE, then a deadline: lockedclaim.go
	m.resolveProducers()     // calls of function values another call returned: releases.go
	for _, fn := range m.funcs {
		for _, o := range m.local[fn].ops {
			for _, c := range o.claimColumns {
				m.claimColumns[c] = true
			}
		}
	}
	// Token guards may rely on claim columns found anywhere in the package,
	// so guards are settled after every claim is known.
	for _, fn := range m.funcs {
		for _, o := range m.local[fn].ops {
			if o.write && o.stmt != nil {
				o.guard, o.guardPred = sqlstore.GuardOf(o.stmt, m.claimedColumn)
				if o.guardPred != nil {
					o.guardColumn = o.guardPred.StoredColumn()
					if in, ok := o.guardPred.IncomingOperand(); ok && in.Kind == sqltext.Param {
						o.tokenArg = sqlArg(o, in.Param)
					}
				}
				if isCQL(o) {
					m.cqlGuard(o)
				}
				m.leaseRowGuard(o) // leaserow.go
			}
		}
		m.cqlBatchGuards(m.local[fn].ops)
	}
}

// classify returns what call does, or nil when it is of no interest.
func (m *model) classify(call ssa.CallInstruction) *op {
	common := call.Common()
	o := &op{instr: call}
	if common.IsInvoke() {
		o.callee = common.Method
	} else if fn := common.StaticCallee(); fn != nil {
		if origin := fn.Origin(); origin != nil {
			fn = origin
		}
		o.callee = store.FuncObject(fn)
		if _, ok := m.local[fn]; ok {
			o.local = fn
		}
	}
	if o.callee == nil && o.local == nil {
		return m.classifyFuncValueCall(o)
	}
	o.name = displayName(o.callee, o.local)

	if o.callee == nil {
		return o // a closure of this package
	}
	// The user's word comes first (directives of this package, flags),
	// then the catalogue, which is authoritative for the libraries it
	// models, then what facts say about other packages.
	local := o.callee.Pkg() == m.pass.Pkg
	if local {
		if d, ok := m.funcDirectives(o.callee); ok && m.applyDirectives(o, d) {
			return o
		}
	}
	if c, ok := config.LookupFunc(o.callee); ok {
		s := funcSummary{acquire: c.Acquire, release: c.Release, sink: c.Sink, guarded: c.Guarded, tokenParam: c.TokenParam, probe: c.Probe, idempotent: c.Idempotent}
		if m.applyDirectives(o, s) {
			return o
		}
	}
	if e := catalogue.Lookup(o.callee); e != nil {
		return m.classifyCatalogue(o, e)
	}
	if isLockerMethod(o.callee) {
		return m.classifyLocker(o)
	}
	if m.classifyRedisWrapperCall(o) { // rediswrap.go
		return o
	}
	if !local && (!catalogue.InLibrary(pkgPath(o.callee)) || m.sameModule(pkgPath(o.callee))) {
		if d, ok := m.funcDirectives(o.callee); ok && m.applyDirectives(o, d) {
			return o
		}
	}
	if e := m.sqlInterfaceEntry(o); e != nil { // sqliface.go
		return m.classifyCatalogue(o, e)
	}
	if m.classifyInvoke(o) {
		return o
	}
	if m.classifyScriptWrapperCall(o, m.importedScriptArg(o)) {
		return o
	}
	if o.local != nil || m.hasSyncParams(o) {
		return o
	}
	return m.noteUnclassified(o) // inventory.go
}

// isLockerMethod reports whether fn is sync.Locker's Lock or Unlock; it
// builds fn's full name only for a method of that name in package sync.
func isLockerMethod(fn *types.Func) bool {
	if fn.Pkg() == nil || fn.Pkg().Path() != "sync" || fn.Name() != "Lock" && fn.Name() != "Unlock" {
		return false
	}
	return fn.FullName() == "(sync.Locker)."+fn.Name()
}

// funcSummary is the user's and the facts' word on a function.
type funcSummary struct {
	name                                               string // display name, for interface implementations
	acquire, release, sink, guarded, idempotent, probe bool
	tokenParam                                         int
	writes                                             []string
	writeAt                                            string    // where the write at the end of writes is
	writeProbe                                         probeSite // the probe that write depends on
	pos                                                token.Pos // the declaration, for interface implementations
	foreign                                            bool      // an implementation outside the analysed module
	claimColumns                                       []string
	locksParams, writeParams                           []int
}

// funcDirectives returns what directives (local) or facts (imported) say
// about fn.
func (m *model) funcDirectives(fn *types.Func) (funcSummary, bool) {
	if fn.Pkg() == m.pass.Pkg {
		d := m.dirs.Func(fn)
		s := funcSummary{
			acquire: d.Acquire, release: d.Release, sink: d.Sink,
			guarded: d.Guarded, tokenParam: d.TokenParam,
			idempotent: d.Idempotent, probe: d.Probe,
		}
		return s, s.acquire || s.release || s.sink || s.guarded || s.idempotent || s.probe
	}
	var f FuncFact
	if !m.pass.ImportObjectFact(fn, &f) {
		return funcSummary{}, false
	}
	for _, c := range f.ClaimColumns {
		m.claimColumns[c] = true
	}
	return factSummary(&f), true
}

// factSummary is what a fact of another package says about a function.
func factSummary(f *FuncFact) funcSummary {
	return funcSummary{
		acquire: f.Acquire, release: f.Release, sink: f.Sink, guarded: f.Guarded,
		tokenParam: f.TokenParam, idempotent: f.Idempotent, probe: f.Probe,
		writes: f.Writes, writeAt: f.WriteAt, claimColumns: f.ClaimColumns,
		writeProbe:  probeSite{desc: f.WriteProbe, site: f.WriteProbeAt},
		locksParams: f.LocksParams, writeParams: f.WriteParams,
	}
}

// applyDirectives fills o from a function summary and reports whether the
// summary settles what the call does.
func (m *model) applyDirectives(o *op, s funcSummary) bool {
	switch {
	case s.idempotent:
		o.local = nil // do not descend: writes under it cannot corrupt state
		return true
	case s.guarded:
		o.write, o.guard, o.verb, o.call = true, HelperGuard, "writes", true
		o.release = s.release // a fenced release (fencesql.Release) is both
		o.local = nil
		if args := store.CallArgs(o.instr); s.tokenParam >= 0 {
			if o.instr.Common().IsInvoke() || o.callee.Signature().Recv() != nil {
				args = args[1:]
			}
			if s.tokenParam < len(args) {
				o.tokenArg = store.UnwrapInterface(args[s.tokenParam])
			}
		}
		return true
	case s.sink:
		o.write, o.guard, o.verb, o.call = true, NoGuard, "writes", true
		o.local = nil
		return true
	case s.acquire:
		o.acquire = true
		o.local = nil
		bindLockedArgs(o, s.locksParams)
		return true
	case s.release:
		o.release = true
		o.local = nil
		return true
	case len(s.writes) > 0:
		o.write, o.guard, o.verb = true, NoGuard, "writes"
		o.via = append([]string{o.name}, s.writes...)
		o.writeAt = s.writeAt
		o.viaProbe = s.writeProbe
		o.target = lastTarget(s.writes)
		o.writeHandles = paramArgs(o, s.writeParams)
		return true
	}
	return false
}

// lastTarget returns the target recorded at the end of a fact's path
// ("(*sql.DB).ExecContext jobs" gives "jobs").
func lastTarget(path []string) string {
	if len(path) == 0 {
		return ""
	}
	last := path[len(path)-1]
	if i := strings.IndexByte(last, ' '); i >= 0 {
		return last[i+1:]
	}
	return ""
}

// classifyCatalogue fills o from a catalogue entry.
func (m *model) classifyCatalogue(o *op, e *catalogue.Entry) *op {
	o.local = nil
	args := store.CallArgs(o.instr)
	if len(args) > 0 && (o.instr.Common().IsInvoke() || o.callee.Signature().Recv() != nil) {
		o.handle = args[0]
		args = args[1:]
	}
	o.handleKind, o.entry = e.Handle, e
	switch e.Class {
	case catalogue.SQLExec, catalogue.SQLQueue, catalogue.CQLBatchQuery:
		if e.Text < 0 || e.Text >= len(args) {
			return nil
		}
		text, ok := resolveText(m, args[e.Text])
		if !ok {
			m.noteSQLWrapper(o, e, args[e.Text])
			m.noteUnresolvedText(o, args[e.Text])
		}
		return m.classifySQL(o, e, text, ok)
	case catalogue.SQLStmtExec, catalogue.CQLExec:
		text, ok := m.preparedText(o.handle)
		if !ok {
			m.noteSilent(o.instr, NotJudged, "the text of the prepared statement or query is not known (built at run time or elsewhere)")
		}
		return m.classifySQL(o, e, text, ok)
	case catalogue.TxEnd:
		o.txEnd = true
		return o
	case catalogue.Sink:
		o.write, o.guard, o.verb = true, NoGuard, "writes"
		if e.Verb != "" {
			o.verb = e.Verb
		}
		if e.Name == "(*gorm.io/gorm.DB).Save" {
			o.note = "Save falls back to an unconditional upsert, so it cannot carry a fencing condition"
		}
		return o
	case catalogue.ORMWrite, catalogue.ORMCreate:
		return m.readGORM(o, e, args) // store/sql
	case catalogue.Registers:
		return m.classifyRegistration(o)
	case catalogue.SyncCall:
		return o // its callback's ops belong to the call (callbacks.go)
	case catalogue.FilterWrite:
		return m.readStore(o, docstore.Reader, e, args) // store/docstore
	case catalogue.RedisCommand, catalogue.CommandDo:
		return m.readStore(o, m.redisReader(), e, args) // store/redis
	case catalogue.Guarded, catalogue.CondSink, catalogue.VersionedSink, catalogue.TxnCommit,
		catalogue.ChainGuard, catalogue.TxnProduce, catalogue.OpsGuard:
		return m.readStore(o, cloud.Reader, e, args) // store/cloud
	case catalogue.HTTPDo:
		return m.readStore(o, httpapi.Reader, e, args) // store/httpapi
	case catalogue.KubeWrite:
		return m.readStore(o, kube.Reader, e, args) // store/kube
	case catalogue.OptionGuard, catalogue.CreateOnly:
		return m.readStore(o, kv.Reader, e, args) // store/kv
	}
	return m.classifyAPI(o, e, args)
}

// classifySQL fills o from SQL text, read by the SQL reader
// (store/sql). A CQL statement is first read as CQL (cql.go); a CQL
// INSERT … IF NOT EXISTS USING TTL may be a lease, paired with the read of
// its result by cqlLeases. A session lock is tied to the session's root
// handle (sessions.go): the end of a transaction does not release it, so
// only a lock on a connection guards the writes of its handle.
func (m *model) classifySQL(o *op, e *catalogue.Entry, text string, ok bool) *op {
	if !ok {
		return nil
	}
	st := sqltext.Parse(text)
	if st.Kind == sqltext.Unknown {
		m.noteSilent(o.instr, NotJudged, "the SQL text is not a statement fencecheck reads")
		return nil
	}
	if cql.IsClass(e.Class) {
		cql.Adjust(st)
		if st.Kind == sqltext.Upsert && cql.FreshRow(o.handle, st) {
			st.Kind = sqltext.Insert // a row with a new key: an append, as in SQL
		}
		if st.Kind == sqltext.Insert && st.IfNotExists && st.TTL {
			o.stmt = st
			return o // a create-only row with an expiry: maybe a lease (cqllease.go)
		}
	}
	o.stmt = st
	x := sqlstore.Read(sqlStmt(o, st), e.Handle, e.Rows)
	if a, ok := x.(*store.Acquire); ok && a.Session {
		if o.handle != nil {
			o.sessionLock, o.handle = true, sessionRoot(o.handle)
		}
		a.SameHandle = a.SameHandle || o.sessionLock && isConnHandle(o.handle)
	}
	return m.applySQL(o, x)
}

// readGORM classifies a GORM write, read by the SQL reader. A claim, a
// renewal and a cleanup keep their op, with the UPDATE they amount to.
func (m *model) readGORM(o *op, e *catalogue.Entry, args []ssa.Value) *op {
	g := sqlstore.ReadGORM(core{m}, o.storeCall(e, args), m.claimedColumn)
	o.target, o.guardPred = g.Target, g.Pred
	r := m.applyOp(o, g.Op)
	if g.Stmt != nil {
		o.stmt = g.Stmt
		return o
	}
	return r
}

// applySQL records what the SQL reader made of o's statement. Unlike
// other calls, a renewal and a cleanup keep their op, with no part set:
// the statement stays known to the steps that compose claims.
func (m *model) applySQL(o *op, x store.Op) *op {
	r := m.applyOp(o, x)
	switch x := x.(type) {
	case *store.Renew:
		return o
	case *store.NotWrite:
		if x.Cleanup {
			return o
		}
	}
	return r
}

// sqlStmt returns statement st of call o as the SQL reader reads it, with
// the arguments o binds to its placeholders.
func sqlStmt(o *op, st *sqltext.Statement) sqlstore.Stmt {
	return sqlstore.Stmt{Statement: st, Call: o.instr, Arg: func(p sqltext.Placeholder) ssa.Value { return sqlArg(o, p) }}
}

// pkgPath returns the import path of a function's package, or "".
func pkgPath(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	return fn.Pkg().Path()
}

// claimedColumn reports whether a claim of the package (or of a package
// it imports, by its facts) sets column c.
func (m *model) claimedColumn(c string) bool { return m.claimColumns[c] }

// classifyLocker classifies Lock and Unlock on a sync.Locker made by a
// lock library (etcd concurrency.NewLocker): a lease, unlike a sync.Mutex.
func (m *model) classifyLocker(o *op) *op {
	recv, ok := store.StripConv(o.instr.Common().Value).(*ssa.Call)
	if !ok {
		return nil
	}
	e := catalogue.Lookup(store.FuncObject(recv.Common().StaticCallee()))
	if e == nil || e.Class != catalogue.LockerFactory {
		return nil
	}
	if o.callee.Name() == "Lock" {
		o.acquire = true
	} else {
		o.release = true
	}
	return o
}

// sqlWrapper is a function of the package that runs the SQL text of one
// of its parameters.
type sqlWrapper struct {
	param int // index among the function's Params (receiver included)
	entry *catalogue.Entry
	// handle is the handle the wrapper runs the text on (a transaction it
	// begins itself, say), nil for a package-level function.
	handle ssa.Value
}

// noteSQLWrapper records that the function making call o passes its
// string parameter v as the SQL text of a catalogue call.
func (m *model) noteSQLWrapper(o *op, e *catalogue.Entry, v ssa.Value) {
	p, ok := v.(*ssa.Parameter)
	if !ok {
		return
	}
	fn := o.instr.Parent()
	i := paramPos(fn, p)
	if i < 0 {
		return
	}
	if m.sqlWrappers == nil {
		m.sqlWrappers = make(map[*ssa.Function]sqlWrapper)
	}
	if _, seen := m.sqlWrappers[fn]; !seen {
		m.sqlWrappers[fn] = sqlWrapper{param: i, entry: e, handle: o.handle}
	}
}

// classifyWrapperCall classifies a call of a SQL wrapper by the text its
// caller passes. The wrapper's body is still analysed on its own (its
// text is unknown there, so it reports nothing); a guarded write through
// the wrapper is judged fenced, since the wrapper may check the rejection
// itself.
func (m *model) classifyWrapperCall(o *op, w sqlWrapper) {
	args := o.instr.Common().Args
	if w.param >= len(args) {
		return
	}
	text, ok := resolveText(m, args[w.param])
	if !ok {
		return
	}
	c := &op{instr: o.instr, callee: o.callee, name: o.name}
	if m.classifySQL(c, w.entry, text, true) == nil {
		return
	}
	o.acquire, o.release, o.write = c.acquire, c.release, c.write
	o.stmt, o.target, o.verb, o.claimColumns = c.stmt, c.target, c.verb, c.claimColumns
	o.wrapped = true
	if o.acquire {
		o.local = nil // the caller's scope starts after the call, not inside it
		if c.sameHandleGuards {
			m.bindWrapperHandle(o, w) // wrapperlock.go
		}
	}
}
