package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/config"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	sqlstore "github.com/fencecheck/fencecheck/passes/model/store/sql"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
)

// collectScopes adds the package's scopes to inv, one per lease position
// (the acquisitions first, so that the methods of a type built under a
// lease share the acquisition's scope), and returns them by position.
func (m *model) collectScopes(inv *Inventory) map[token.Pos]*Scope {
	byPos := make(map[token.Pos]*Scope)
	add := func(s *Scope) {
		if _, dup := byPos[s.Pos]; !dup {
			byPos[s.Pos] = s
			inv.Scopes = append(inv.Scopes, s)
		}
	}
	for _, fn := range m.funcs {
		fi := m.local[fn]
		if fi.flow == nil {
			continue
		}
		for i, a := range fi.flow.acqs {
			add(m.acquisitionScope(fi, i, a))
		}
	}
	for _, fn := range m.funcs {
		fi := m.local[fn]
		for _, s := range fi.own {
			add(m.ownScope(fi, s))
		}
	}
	return byPos
}

// acquisitionScope describes the scope acquisition a, the i-th of fi's
// flow, opens.
func (m *model) acquisitionScope(fi *funcInfo, i int, a *op) *Scope {
	lease := acquisitionLease(a)
	_, end := m.callRange(a.instr)
	s := &Scope{Pos: lease.Pos, End: end, Kind: AcquisitionScope, Func: funcName(fi.fn), Desc: lease.Desc}
	s.By, s.How = m.acquisitionHow(a)
	s.Token = m.claimToken(fi, a)
	s.Key = m.claimKey(a)
	s.Ends = m.acquisitionEnds(fi, i, a)
	return s
}

// ownScope describes a scope of fi.own: a handler body, a method of a
// lease-carrying type, or the code after a receive.
func (m *model) ownScope(fi *funcInfo, sc *scope) *Scope {
	s := &Scope{Pos: sc.lease.Pos, End: sc.lease.Pos, Func: funcName(fi.fn), Desc: sc.lease.Desc}
	switch {
	case sc.from != nil:
		s.Kind, s.By = ReceiveScope, ByStructure
		s.How = "the code after a receive from a channel that only lease scopes of the package send on"
		s.Ends = []Related{m.returnEnd(fi.fn, "the function returns")}
	case m.carrierMethods[fi]:
		s.Kind, s.By = CarrierScope, ByStructure
		s.How = "the methods of " + receiverName(fi.fn) + ", whose every value is made under a lease and given something of it"
		s.Ends = []Related{m.returnEnd(fi.fn, "each method returns")}
	default:
		s.Kind = HandlerScope
		s.By, s.How = m.handlerHow(fi.fn)
		s.Ends = []Related{m.returnEnd(fi.fn, "the handler returns")}
	}
	if s.Kind == HandlerScope {
		if id := fi.fn.Syntax(); id != nil {
			if fd, ok := id.(*ast.FuncDecl); ok && fd.Name.Pos() == s.Pos {
				s.End = fd.Name.End()
			}
		}
	}
	return s
}

// receiverName names the receiver type of a method.
func receiverName(fn *ssa.Function) string {
	if recv := fn.Signature.Recv(); recv != nil {
		return types.TypeString(recv.Type(), func(p *types.Package) string { return p.Name() })
	}
	return fn.Name()
}

// returnEnd is the end of a scope that lasts until fn returns: the end of
// its body.
func (m *model) returnEnd(fn *ssa.Function, what string) Related {
	if syn := fn.Syntax(); syn != nil {
		return Related{syn.End() - 1, what}
	}
	return Related{fn.Pos(), what}
}

// acquisitionHow says how acquisition o was recognised, in the order
// classification settles a call: the user's word (directives, flags),
// the catalogue, facts of other packages, then structure.
func (m *model) acquisitionHow(o *op) (string, string) {
	c := o.instr.Common()
	if o.callee != nil {
		full := o.callee.Origin().FullName()
		if o.callee.Pkg() == m.pass.Pkg && m.dirs.Func(o.callee).Acquire {
			return ByDirective, "//fencecheck:acquire on " + o.name
		}
		if cl, ok := config.Lookup(full); ok && cl.Acquire {
			return ByFlag, "-fencecheck.acquire names " + full
		}
		if e := catalogue.Lookup(o.callee); e != nil {
			return m.catalogueHow(o, e)
		}
		if o.wrapped && o.stmt != nil {
			return ByStructure, o.name + " runs the SQL text its caller passes: " + claimText(o)
		}
		if o.callee.Pkg() != m.pass.Pkg {
			if c.IsInvoke() {
				return m.invokeHow(o)
			}
			var f FuncFact
			if m.pass.ImportObjectFact(o.callee, &f) && f.Acquire {
				return ByFact, o.name + " takes a lease (fact of package " + pkgPath(o.callee) + ")"
			}
		}
		if c.IsInvoke() {
			return m.invokeHow(o)
		}
	}
	if callee := c.StaticCallee(); callee != nil && m.acquirers[callee] {
		return ByStructure, o.name + " returns holding a lease it takes"
	}
	if len(m.callbacks(o.instr)) > 0 {
		return ByStructure, o.name + " runs a callback before it returns, and the callback returns holding a lease"
	}
	if o.stmt != nil {
		return ByStructure, claimText(o)
	}
	return ByStructure, o.name + " takes a lease"
}

// invokeHow describes an interface call that takes a lease.
func (m *model) invokeHow(o *op) (string, string) {
	if o.callee != nil {
		var f FuncFact
		if m.pass.ImportObjectFact(o.callee, &f) && f.Acquire {
			return ByDirective, "//fencecheck:acquire on the interface method " + o.name + " (fact of package " + pkgPath(o.callee) + ")"
		}
	}
	return ByStructure, "every implementation of " + o.name + " the package can see takes a lease"
}

// catalogueHow describes an acquisition by a catalogued API: an API that
// takes a lease, or SQL, Lua, filter and create-only writes read by their
// structure.
func (m *model) catalogueHow(o *op, e *catalogue.Entry) (string, string) {
	entry := "catalogue entry " + e.Name + " (" + e.Class.String() + ")"
	switch {
	case o.stmt != nil && lockFunc(o.stmt) != "":
		return ByCatalogue, o.name + " runs " + lockFunc(o.stmt)
	case o.stmt != nil && o.stmt.Kind == sqltext.Select && o.stmt.ForUpdate:
		return ByStructure, o.name + " runs SELECT … FOR UPDATE on " + orUnknown(o.stmt.Table) + " in a transaction: a row lock"
	case o.stmt != nil && o.stmt.Kind == sqltext.Insert:
		return ByStructure, o.name + " creates a row of " + orUnknown(o.stmt.Table) + " only if absent, with a TTL, and reads the applied flag"
	case o.stmt != nil:
		return ByStructure, o.name + " runs a claim: " + claimText(o)
	}
	switch e.Class {
	case catalogue.Acquire, catalogue.LockerFactory:
		return ByCatalogue, entry
	case catalogue.ScriptEval:
		return ByStructure, o.name + " runs a Lua script that takes an item and records its expiry (a claim by structure)"
	case catalogue.CommandDo:
		return ByStructure, o.name + " runs a Redis command that takes a lease by its structure (SET … NX with an expiry, checked, on a key the package deletes or extends; a move into a consumer's list; a script that takes an item and records its expiry)"
	case catalogue.FilterWrite:
		return ByStructure, o.name + " claims a document whose lease is free or expired (its filter and update)"
	case catalogue.CreateOnly:
		return ByStructure, o.name + " creates a key only if absent, and the function deletes it on return or the key expires"
	}
	return ByCatalogue, entry
}

// claimText describes a claim statement: what it sets on which table.
func claimText(o *op) string {
	st := o.stmt
	verb := map[sqltext.Kind]string{sqltext.Update: "UPDATE", sqltext.Upsert: "upsert into", sqltext.Delete: "DELETE FROM", sqltext.Select: "SELECT from", sqltext.Insert: "INSERT into"}[st.Kind]
	if verb == "" {
		verb = "statement on"
	}
	s := verb + " " + orUnknown(st.Table)
	var cols []string
	for _, a := range st.Set {
		cols = append(cols, a.Column)
	}
	if len(cols) > 0 {
		s += " sets " + strings.Join(cols, ", ")
	}
	if len(st.Returning) > 0 {
		s += ", returning " + strings.Join(st.Returning, ", ")
	}
	return s
}

// orUnknown returns s, or "a table it cannot name".
func orUnknown(s string) string {
	if s == "" {
		return "a table it cannot name"
	}
	return s
}

// lockFunc names the lock function a statement runs and the lock it
// takes, "" when it runs none.
func lockFunc(st *sqltext.Statement) string {
	if fn, what := sqlstore.LockFunc(st); fn != "" {
		return fn + ": " + what
	}
	return ""
}

// handlerHow says how a handler was recognised, in the order handlerLease
// asks.
func (m *model) handlerHow(fn *ssa.Function) (string, string) {
	if obj := store.FuncObject(fn); obj != nil && fn.Parent() == nil {
		if m.dirs.Func(obj).Handler {
			return ByDirective, "//fencecheck:handler on " + displayName(obj, nil)
		}
		if c, ok := config.Lookup(obj.FullName()); ok && c.Handler {
			return ByFlag, "-fencecheck.handler names " + obj.FullName()
		}
	}
	switch handlerShape(fn) {
	case "github.com/riverqueue/river.Job":
		return ByStructure, "the shape of a River worker: Work(context.Context, *river.Job[T]) error"
	case "github.com/hibiken/asynq.Task":
		return ByStructure, "the shape of an asynq handler: ProcessTask(context.Context, *asynq.Task) error"
	}
	if _, ok := m.registeredHandlers()[fn]; ok {
		return ByCatalogue, "registered with a job framework (a catalogue entry that registers handlers)"
	}
	if fn.Parent() == nil && usesPackage(fn, "go.temporal.io/sdk/activity") {
		return ByStructure, "a Temporal activity: it uses go.temporal.io/sdk/activity"
	}
	if m.leaderCallbacks()[fn] {
		return ByCatalogue, "stored in the OnStartedLeading field of client-go's leaderelection.LeaderCallbacks"
	}
	return ByStructure, "an exported function of a queue library that writes the rows the package claims, by their key"
}

// acquisitionEnds returns where the scope of acquisition a, the i-th of
// fi's flow, ends: the releases and transaction ends reached while it may
// be held, deferred releases, and the returns it is held at.
func (m *model) acquisitionEnds(fi *funcInfo, i int, a *op) []Related {
	var out []Related
	for _, o := range fi.ops {
		_, deferred := o.instr.(*ssa.Defer)
		switch {
		case o.release && deferred:
			out = append(out, Related{o.instr.Pos(), "released when the function returns (deferred " + o.name + ")"})
		case o.release:
			if held := fi.flow.held(o.instr); held != nil && held.has(i) {
				out = append(out, Related{o.instr.Pos(), "released by " + o.name})
			}
		case o.txEnd && a.sameHandleGuards && a.handle != nil && o.handle != nil && store.SameValue(a.handle, o.handle):
			if held := fi.flow.held(o.instr); held != nil && held.has(i) {
				out = append(out, Related{o.instr.Pos(), "the transaction that holds the lock ends: " + o.name})
			}
		}
	}
	if held := fi.flow.atReturn(fi.fn); held != nil && held.has(i) {
		what := "the function returns"
		if m.acquirers[fi.fn] {
			what = "returned to the caller: " + funcName(fi.fn) + " takes a lease, its callers' scope begins at the call"
		}
		out = append(out, m.returnEnd(fi.fn, what))
	}
	sort.SliceStable(out, func(i, j int) bool { return m.posLess(out[i].Pos, out[j].Pos) })
	return out
}

// claimToken returns the fencing token acquisition a yields: the column
// of a claim's RETURNING list scanned into a variable, the token result a
// fact or directive names, a token source called on the lock, else the
// token a fenced write of the scope passes.
func (m *model) claimToken(fi *funcInfo, a *op) Expr {
	if st := a.stmt; st != nil {
		for k, col := range st.Returning {
			if !vocab.IsTokenColumn(col) {
				continue
			}
			if e, ok := m.scannedInto(a, k); ok {
				e.Note = "RETURNING " + col
				return e
			}
		}
	}
	if t := m.tokenResultOf(a); t >= 0 {
		if e, ok := m.assignedResult(a, t); ok {
			e.Note = "result " + itoa(t) + " of " + a.name
			return e
		}
		return Expr{Text: "result " + itoa(t) + " of " + a.name, Pos: a.instr.Pos()}
	}
	if e, ok := m.tokenSourceOn(fi, a); ok {
		return e
	}
	for _, o := range fi.ops {
		if held := fi.flow.held(o.instr); o.write && o.tokenArg != nil && held != nil && held.has(fi.flow.index[a]) {
			if p := m.tokenOrigin(o.tokenArg); p.origin == ClaimOrigin && p.pos == a.instr.Pos() {
				if e, ok := m.argExpr(o.instr, o.tokenArg); ok {
					e.Note = "passed to " + o.name
					return e
				}
			}
		}
	}
	cols := a.claimColumns
	if a.callee != nil && a.callee.Pkg() != m.pass.Pkg {
		var f FuncFact
		if m.pass.ImportObjectFact(a.callee, &f) {
			cols = f.ClaimColumns
		}
	}
	for _, c := range cols {
		if vocab.IsTokenColumn(c) {
			return Expr{Text: "column " + c, Note: "the claim sets it; its value is not followed to a variable here", Pos: a.instr.Pos()}
		}
	}
	return Expr{}
}

// tokenResultOf returns the token result of an acquisition by directive
// or fact, or -1.
func (m *model) tokenResultOf(a *op) int {
	if a.callee == nil {
		return -1
	}
	if a.callee.Pkg() == m.pass.Pkg {
		if m.dirs.Func(a.callee).Acquire {
			return tokenResult(a.callee.Signature())
		}
		return -1
	}
	var f FuncFact
	if m.pass.ImportObjectFact(a.callee, &f) && f.Acquire {
		return f.TokenResult
	}
	return -1
}

// scannedInto returns the k-th argument of the Scan of a's row, as written.
func (m *model) scannedInto(a *op, k int) (Expr, bool) {
	call, ok := a.instr.(*ssa.Call)
	if !ok || call.Referrers() == nil {
		return Expr{}, false
	}
	for _, r := range *call.Referrers() {
		scan, ok := r.(*ssa.Call)
		if !ok || !isScanOn(scan, call) {
			continue
		}
		if ce := m.callExpr(scan); ce != nil && k < len(ce.Args) {
			arg := ce.Args[k]
			if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
				arg = u.X
			}
			return Expr{Text: types.ExprString(arg), Pos: arg.Pos()}, true
		}
	}
	return Expr{}, false
}

// assignedResult returns the variable result t of call a is assigned to.
func (m *model) assignedResult(a *op, t int) (Expr, bool) {
	ce := m.callExpr(a.instr)
	if ce == nil {
		return Expr{}, false
	}
	for _, f := range m.pass.Files {
		if f.Pos() > ce.Pos() || ce.End() > f.End() {
			continue
		}
		var found ast.Expr
		ast.Inspect(f, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			as, ok := n.(*ast.AssignStmt)
			if ok && len(as.Rhs) == 1 && as.Rhs[0] == ce && t < len(as.Lhs) {
				found = as.Lhs[t]
			}
			return true
		})
		if id, ok := found.(*ast.Ident); ok && id.Name != "_" {
			return Expr{Text: id.Name, Pos: id.Pos()}, true
		}
	}
	return Expr{}, false
}

// tokenSourceOn returns a call of a catalogued token source (etcd
// Mutex.Header, Election.Rev) on a's receiver in fi.
func (m *model) tokenSourceOn(fi *funcInfo, a *op) (Expr, bool) {
	recv := a.handle
	if recv == nil {
		return Expr{}, false
	}
	for _, b := range fi.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			fn := call.Common().Method
			if fn == nil {
				fn = store.FuncObject(call.Common().StaticCallee())
			}
			e := catalogue.Lookup(fn)
			args := store.CallArgs(call)
			if e == nil || e.Class != catalogue.TokenSource || len(args) == 0 || !store.SameValue(args[0], recv) {
				continue
			}
			if ce := m.callExpr(call); ce != nil {
				return Expr{Text: types.ExprString(ce), Note: "a token source of the catalogue, on the lock", Pos: ce.Pos()}, true
			}
		}
	}
	return Expr{}, false
}

// claimKey returns the key of what acquisition a leases: for a claim
// statement, the identifier its WHERE compares with an argument, or the
// table; for a catalogued lock, the first string argument of the call or
// of the call that made its receiver.
func (m *model) claimKey(a *op) Expr {
	if st := a.stmt; st != nil {
		for _, p := range append(append([]sqltext.Predicate(nil), st.Where...), st.SubWhere...) {
			if p.UnderOr || p.Op != "=" {
				continue
			}
			col, in := p.Left, p.Right
			if col.Kind != sqltext.Column {
				col, in = in, col
			}
			if col.Kind != sqltext.Column || in.Kind != sqltext.Param || !vocab.IsIdentifierColumn(col.Column) && !vocab.IsLeaseColumn(col.Column) {
				continue
			}
			if e, ok := m.sqlArgExpr(a, in.Param); ok {
				e.Text = orUnknown(st.Table) + "." + col.Column + " = " + e.Text
				return e
			}
		}
		if st.Table != "" {
			return Expr{Text: "a row of " + st.Table + " the statement chooses", Pos: a.instr.Pos()}
		}
		return Expr{}
	}
	if a.callee == nil || catalogue.Lookup(a.callee) == nil {
		return Expr{}
	}
	if recv, ok := store.StripConv(a.handle).(*ssa.Call); ok {
		if e, ok := m.stringArg(recv); ok {
			e.Note = "given to " + calleeName(recv)
			return e
		}
	}
	if e, ok := m.stringArg(a.instr); ok {
		return e
	}
	return Expr{}
}

// sqlArgExpr returns the argument expression bound to a placeholder of
// o's statement, as written: found from the bound value, else by the
// placeholder's position among the SQL arguments of the syntax.
func (m *model) sqlArgExpr(o *op, p sqltext.Placeholder) (Expr, bool) {
	if v := sqlArg(o, p); v != nil {
		if e, ok := m.argExpr(o.instr, v); ok {
			return e, true
		}
	}
	e := catalogue.Lookup(o.callee)
	ce := m.callExpr(o.instr)
	if e == nil || e.Args < 0 || e.Named || ce == nil || ce.Ellipsis.IsValid() || p.ArgIndex() < 0 {
		return Expr{}, false
	}
	if j := e.Args + p.ArgIndex(); j < len(ce.Args) {
		return Expr{Text: types.ExprString(ce.Args[j]), Pos: ce.Args[j].Pos()}, true
	}
	return Expr{}, false
}

// stringArg returns the first string argument of call, as written.
func (m *model) stringArg(call ssa.CallInstruction) (Expr, bool) {
	for _, v := range call.Common().Args {
		if isString(v.Type()) {
			return m.argExpr(call, v)
		}
	}
	return Expr{}, false
}

// reachingLeases returns, for every function of the package, the leases
// under which some call of it runs (from a scope of its caller, or of a
// function that reaches the caller), sorted by position.
func (m *model) reachingLeases() map[*ssa.Function][]Lease {
	sets := make(map[*ssa.Function]map[token.Pos]Lease)
	add := func(fn *ssa.Function, l Lease) bool {
		if sets[fn] == nil {
			sets[fn] = make(map[token.Pos]Lease)
		}
		if _, ok := sets[fn][l.Pos]; ok {
			return false
		}
		sets[fn][l.Pos] = l
		return true
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range m.funcs {
			fi := m.local[fn]
			visit := func(instr ssa.Instruction, callee *ssa.Function) {
				if m.local[callee] == nil || callee == fn {
					return
				}
				for _, l := range m.ownLeasesAt(instr) {
					changed = add(callee, l) || changed
				}
				for _, l := range sets[fn] {
					changed = add(callee, l) || changed
				}
			}
			for _, o := range fi.ops {
				if o.local != nil {
					visit(o.instr, o.local)
				}
				for _, impl := range m.implTargets(o) {
					visit(o.instr, impl)
				}
			}
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if mc, ok := instr.(*ssa.MakeClosure); ok {
						if f, ok := mc.Fn.(*ssa.Function); ok {
							visit(instr, f)
						}
					}
				}
			}
		}
	}
	out := make(map[*ssa.Function][]Lease, len(sets))
	for fn, set := range sets {
		ls := make([]Lease, 0, len(set))
		for _, l := range set {
			ls = append(ls, Lease{Pos: l.Pos, Desc: l.Desc})
		}
		sort.Slice(ls, func(i, j int) bool { return m.posLess(ls[i].Pos, ls[j].Pos) })
		out[fn] = ls
	}
	return out
}

// ownLeasesAt returns the leases of the scopes of its own function that
// cover instr: its whole-body and receive scopes and every acquisition
// possibly held there.
func (m *model) ownLeasesAt(instr ssa.Instruction) []Lease {
	fi := m.local[instr.Parent()]
	if fi == nil {
		return nil
	}
	var out []Lease
	for _, s := range fi.own {
		if s.covers(instr) {
			out = append(out, s.lease)
		}
	}
	if held := fi.flow.held(instr); held != nil {
		for i, a := range fi.flow.acqs {
			if held.has(i) {
				out = append(out, acquisitionLease(a))
			}
		}
	}
	return out
}
