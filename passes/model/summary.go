package model

import (
	"fmt"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/config"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// FuncFact summarises what calling a function does, for the packages that
// import it. It holds only sorted slices and scalars, so its gob encoding is
// deterministic.
type FuncFact struct {
	// Acquire: calling the function takes a lease that is still held when
	// it returns.
	Acquire bool
	// TokenResult is the index of the result that carries the fencing
	// token, or -1.
	TokenResult int
	// Release: calling the function releases a lease.
	Release bool
	// Sink: the function is marked //fencecheck:sink.
	Sink bool
	// Guarded: the function performs a token-conditional write.
	Guarded bool
	// TokenParam is the index of the token parameter of a guarded write,
	// or -1.
	TokenParam int
	// Probe: the function checks ownership (marked //fencecheck:probe, or
	// its bool result comes from a probe).
	Probe bool
	// Idempotent: writes under the function cannot corrupt state.
	Idempotent bool
	// Writes is the call path to an unguarded sink write the function
	// makes outside any lease of its own: the functions it goes through,
	// then the writing API and its target ("(*sql.DB).ExecContext jobs").
	Writes []string
	// WriteAt is where the write at the end of Writes is made
	// ("file:line:col"), for the steps of a finding; empty when unknown.
	WriteAt string
	// WriteProbe describes the ownership probe the write at the end of
	// Writes depends on ("lease expiry checked here against time.Now"),
	// and WriteProbeAt is where it is made ("file:line:col"); empty when
	// the write does not depend on one. A caller that reaches the write
	// under a lease breaks preflight, not unfenced.
	WriteProbe, WriteProbeAt string
	// ProbeCtxParams are the declared indices (receiver excluded, sorted)
	// of the context parameters whose Err or Done the function's bool
	// result comes from (func alive(ctx context.Context) bool { return
	// ctx.Err() == nil }): a call is a probe when it passes a lease
	// context there.
	ProbeCtxParams []int
	// ClaimColumns are the lease and token columns a claim made by the
	// function sets, sorted.
	ClaimColumns []string
	// LocksParams are the parameters (receiver excluded, sorted) the
	// function returns holding a transaction or session lock on: writes
	// through the argument after the call are checked by the database.
	LocksParams []int
	// WriteParams are the handle parameters (receiver excluded, sorted)
	// every write in Writes goes through: the call is guarded when each
	// argument holds the lock.
	WriteParams []int
	// SQLText is the SQL text the function returns (its first result, a
	// string), with sqltext.Hole for the parts not known statically and
	// sqltext.ParamList for lists of placeholders; empty when it returns
	// none.
	SQLText string
	// SyncParams are the declared indices (receiver excluded) of the
	// function-valued parameters the function calls before it returns,
	// sorted.
	SyncParams []int
	// ScriptParams are the declared indices (receiver excluded) of the
	// parameters holding a Redis script (a *Script or Lua source) the
	// function runs: a call is classified by the script its caller passes.
	ScriptParams []int
	// FreeRows are the free or expired rows the function selects and
	// returns unclaimed, the first step of a two-step claim its caller
	// composes: "table.column" for each lease column (or column compared
	// with a point in time) its SELECT tests, sorted (twostep.go).
	FreeRows []string
	// Marks are the lease, time and token columns, as "table.column"
	// sorted, that the function sets on rows of a table keyed by its
	// parameter MarkKey: UPDATE … SET claimed_at = now() WHERE id =
	// ANY($1). Called with keys computed from the result of a FreeRows
	// function of the same table, on a column it tested, the call is the
	// claim.
	Marks []string
	// MarkKey is the declared index (receiver excluded) of the parameter
	// that holds the keys of the rows Marks marks.
	MarkKey int
	// RedisCommand is, for a Redis client wrapper (rediswrap.go), the
	// catalogue name of the go-redis command it runs; RedisArgs are, for
	// each argument of that command after its receiver (a context the
	// wrapper makes itself left out), the declared index (receiver
	// excluded) of the wrapper's parameter passed there, or -1. A call is
	// read as the command with the caller's arguments.
	RedisCommand string
	RedisArgs    []int
}

// AFact marks FuncFact as an analysis fact.
func (*FuncFact) AFact() {}

// hasEffect reports whether the fact says more than which callbacks the
// function runs (SyncParams): a fact that says only that is what a
// package the engine skips exports as a SyncFact.
func (f *FuncFact) hasEffect() bool {
	return f.Acquire || f.Release || f.Sink || f.Guarded || f.Probe || f.Idempotent || len(f.Writes) > 0 || f.SQLText != "" ||
		len(f.ScriptParams) > 0 || len(f.ProbeCtxParams) > 0 || len(f.FreeRows) > 0 || len(f.Marks) > 0 || f.RedisCommand != ""
}

// probeOnly reports whether the fact says that the function probes
// ownership (Probe or ProbeCtxParams), and besides at most which callbacks
// it runs.
func (f *FuncFact) probeOnly() bool {
	if !f.Probe && len(f.ProbeCtxParams) == 0 {
		return false
	}
	g := *f
	g.Probe, g.ProbeCtxParams = false, nil
	return !g.hasEffect()
}

// String describes the fact for tests ("acquire", "writes(a → b)", …).
func (f *FuncFact) String() string {
	var parts []string
	if f.Acquire {
		parts = append(parts, "acquire")
	}
	if f.Release {
		parts = append(parts, "release")
	}
	if f.Sink {
		parts = append(parts, "sink")
	}
	if f.Guarded {
		parts = append(parts, fmt.Sprintf("guarded(%d)", f.TokenParam))
	}
	if f.Probe {
		parts = append(parts, "probe")
	}
	if f.Idempotent {
		parts = append(parts, "idempotent")
	}
	if len(f.Writes) > 0 {
		parts = append(parts, "writes("+strings.Join(f.Writes, " → ")+")")
	}
	if s := shortSite(f.WriteAt); s != "" {
		parts = append(parts, "at("+s+")")
	}
	if f.WriteProbe != "" {
		parts = append(parts, "probed("+shortSite(f.WriteProbeAt)+")")
	}
	if len(f.ProbeCtxParams) > 0 {
		parts = append(parts, "probectx("+joinInts(f.ProbeCtxParams)+")")
	}
	if len(f.ClaimColumns) > 0 {
		parts = append(parts, "claims("+strings.Join(f.ClaimColumns, ",")+")")
	}
	parts = append(parts, handleFactParts(f)...)
	if f.SQLText != "" {
		parts = append(parts, "sql")
	}
	if len(f.SyncParams) > 0 {
		ps := make([]string, len(f.SyncParams))
		for i, p := range f.SyncParams {
			ps[i] = fmt.Sprint(p)
		}
		parts = append(parts, "sync("+strings.Join(ps, ",")+")")
	}
	if len(f.ScriptParams) > 0 {
		parts = append(parts, "script("+joinInts(f.ScriptParams)+")")
	}
	if len(f.FreeRows) > 0 {
		parts = append(parts, "free("+strings.Join(f.FreeRows, ",")+")")
	}
	if len(f.Marks) > 0 {
		parts = append(parts, fmt.Sprintf("marks(%s;key=%d)", strings.Join(f.Marks, ","), f.MarkKey))
	}
	if f.RedisCommand != "" {
		parts = append(parts, fmt.Sprintf("redis(%s;%v)", f.RedisCommand[strings.LastIndex(f.RedisCommand, ".")+1:], f.RedisArgs))
	}
	return "fence:" + strings.Join(parts, ",")
}

// inferLocalAcquirers marks calls of local functions that return with a
// lease held as acquisitions, iterating until nothing changes. Each round
// first settles what depends on acquisitions: calls of a function value an
// acquisition returned (releases) and calls that run a callback
// synchronously (see settleIndirect).
func (m *model) inferLocalAcquirers() {
	acquirers := make(map[*ssa.Function]bool)
	m.acquirers = acquirers
	for changed := true; changed; {
		changed = m.settleIndirect()
		for _, fn := range m.funcs {
			if acquirers[fn] || !m.returnsHoldingLease(m.local[fn]) {
				continue
			}
			acquirers[fn] = true
			changed = true
			for _, caller := range m.funcs {
				for _, o := range m.local[caller].ops {
					if o.local == fn {
						o.acquire, o.local = true, nil
					}
				}
			}
		}
	}
}

// exportFacts exports a FuncFact for every declared function of the package
// whose calls matter to other packages.
func (m *model) exportFacts() {
	memo := make(map[*funcInfo][]string)
	for _, fn := range m.funcs {
		obj := store.FuncObject(fn)
		if obj == nil || fn.Parent() != nil || fn.Synthetic != "" {
			continue
		}
		fi := m.local[fn]
		d := m.dirs.Func(obj)
		f := &FuncFact{
			Acquire: d.Acquire, Release: d.Release, Sink: d.Sink, Guarded: d.Guarded,
			Probe: d.Probe, Idempotent: d.Idempotent, TokenResult: -1, TokenParam: -1,
		}
		if d.Guarded {
			f.TokenParam = d.TokenParam
		}
		if !f.Probe && m.probeFunc(fn) {
			f.Probe = true
		}
		if !f.Probe {
			f.ProbeCtxParams = m.ctxProbeParams(fn)
		}
		if d.Acquire {
			f.TokenResult = tokenResult(fn.Signature)
		}
		if m.acquirers[fn] {
			f.Acquire = true
		}
		if !f.Acquire && m.onlyReleases(fi) {
			f.Release = true
		}
		if f.Acquire {
			f.ClaimColumns = m.claimColumnsOf(fi)
		}
		if !f.Idempotent && !f.Sink && !f.Guarded {
			f.Writes = m.unscopedWrite(fi, memo, map[*funcInfo]bool{})
			if len(f.Writes) > 0 {
				f.WriteAt = m.writeSites[fi]
				if pr, ok := m.writeProbes[fi]; ok {
					f.WriteProbe, f.WriteProbeAt = pr.desc, pr.site
				}
			}
		}
		if !f.Guarded {
			if p, ok := m.guardedParam(fi); ok {
				f.Guarded, f.TokenParam = true, p
			}
		}
		m.fillHandleFact(fi, f)
		f.SyncParams = m.syncParamsOf(fn)
		f.SQLText = m.exportedText(fn)
		f.ScriptParams = m.scriptParamsOf(fn)
		f.FreeRows = m.freeRowsOf(fi)
		if marks, key, ok := m.marksOf(fi); ok {
			f.Marks, f.MarkKey = marks, key
		}
		f.RedisCommand, f.RedisArgs = m.redisWrapperFact(fn) // rediswrap.go
		if f.hasEffect() || len(f.SyncParams) > 0 {
			m.pass.ExportObjectFact(obj, f)
		}
	}
}

// tokenResult returns the index of the result that carries a fencing
// token: one whose type is named Token, else the first integer result.
func tokenResult(sig *types.Signature) int {
	first := -1
	for i := 0; i < sig.Results().Len(); i++ {
		t := sig.Results().At(i).Type()
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Name() == "Token" {
			return i
		}
		if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 && first < 0 {
			first = i
		}
	}
	return first
}

// claimColumnsOf returns the sorted lease and token columns fi's claims set.
func (m *model) claimColumnsOf(fi *funcInfo) []string {
	set := make(map[string]bool)
	for _, o := range fi.ops {
		for _, c := range o.claimColumns {
			set[c] = true
		}
		for _, cb := range m.callbacks(o.instr) {
			for _, c := range m.claimColumnsOf(m.local[cb]) {
				set[c] = true
			}
		}
	}
	out := make([]string, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Strings(out)
	if len(out) == 0 {
		return nil
	}
	return out
}

// unscopedWrite returns the path to the first unguarded write fi makes (or
// reaches through functions of the package) outside a lease of its own.
func (m *model) unscopedWrite(fi *funcInfo, memo map[*funcInfo][]string, visiting map[*funcInfo]bool) []string {
	if path, ok := memo[fi]; ok {
		return path
	}
	if visiting[fi] {
		return nil
	}
	visiting[fi] = true
	var found []string
	for _, o := range fi.ops {
		if _, scoped := fi.ownLeaseAt(o.instr); scoped || fi.releasedAt(o.instr) {
			continue // reported here, or made after the caller's lease was released
		}
		switch {
		case o.write && !o.guard.Fences():
			if len(o.via) > 0 {
				found = append([]string(nil), o.via...)
				m.noteWriteSite(fi, o.writeAt)
			} else {
				found = []string{strings.TrimSpace(o.name + " " + o.target)}
				m.noteWriteSite(fi, m.siteOf(o.instr.Pos()))
			}
		case o.local != nil:
			if callee := m.local[o.local]; callee != nil && callee.fn.Parent() == nil && !startsOnce(o.instr) {
				if sub := m.unscopedWrite(callee, memo, visiting); len(sub) > 0 {
					found = append([]string{o.name}, sub...)
					m.noteWriteSite(fi, m.writeSites[callee])
				}
			}
		default:
			var site string
			found, site = m.implUnscopedWrite(o, memo, visiting)
			m.noteWriteSite(fi, site)
		}
		if found == nil && !o.write {
			var site string
			found, site = m.callbackWrite(o, memo, visiting)
			m.noteWriteSite(fi, site)
		}
		if found != nil {
			m.noteWriteProbe(fi, o)
			break
		}
	}
	memo[fi] = found
	return found
}

// guardedParam reports whether fi performs a token-guarded write whose
// token comes straight from one of its parameters, and which.
func (m *model) guardedParam(fi *funcInfo) (int, bool) {
	for _, o := range fi.ops {
		if o.write && o.guard == TokenGuard && o.tokenArg != nil {
			if i, ok := paramIndex(fi.fn, o.tokenArg); ok {
				return i, true
			}
		}
	}
	return 0, false
}

// paramIndex returns the index of v among fn's declared parameters
// (receiver excluded).
func paramIndex(fn *ssa.Function, v ssa.Value) (int, bool) {
	i := paramPos(fn, v)
	if i < 0 {
		return 0, false
	}
	if fn.Signature.Recv() != nil {
		i--
	}
	return i, i >= 0
}

// collectWrites lists the writes made in lease scopes.
func (m *model) collectWrites() []*Write {
	var out []*Write
	for _, fn := range m.funcs {
		fi := m.local[fn]
		if m.idempotent(fn) {
			continue
		}
		for _, o := range fi.ops {
			for _, rw := range o.registered {
				out = append(out, m.registeredWriteAt(o, rw))
			}
			if !o.write {
				continue
			}
			lease, ok := fi.leaseAt(o.instr)
			if !ok {
				continue
			}
			pos, end := m.callRange(o.instr)
			w := &Write{
				Pos: pos, End: end, Callee: o.name, Via: o.via,
				Target: o.target, Verb: o.verb, Guard: o.guard, GuardColumn: o.guardColumn,
				Note: o.note, Call: o.call, Lease: lease, Func: fn,
			}
			if !w.Guard.Fences() && (m.handleGuardedAt(fi, o) || m.inWatch(fn)) {
				w.Guard = TxGuard
			}
			m.judge(w, o)
			out = append(out, w)
		}
	}
	return out
}

// idempotent reports whether fn, or the declared function it is a closure
// of, is marked //fencecheck:idempotent or named by the -idempotent flag.
func (m *model) idempotent(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	obj := store.FuncObject(fn)
	if obj == nil {
		return false
	}
	if c, ok := config.Lookup(obj.FullName()); ok && c.Idempotent {
		return true
	}
	return m.dirs.Func(obj).Idempotent
}

// inWatch reports whether fn runs inside an optimistic transaction (it is,
// or is nested in, a function passed to redis Watch).
func (m *model) inWatch(fn *ssa.Function) bool {
	for ; fn != nil; fn = fn.Parent() {
		if m.watchGuarded[fn] {
			return true
		}
	}
	return false
}
