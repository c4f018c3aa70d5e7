package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/config"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// SilentFact records, when the inventory is asked for, what calling a
// function does that its FuncFact does not say and the rules stay silent
// about: the first call it makes outside a lease of its own (directly or
// through functions of its package) that the model could not judge, else
// its first write that is fenced or checked by a lock, else its first
// cleanup or call that is not a write. A caller of another package then
// says why its call is silent. It holds only slices and strings, so its
// encoding is deterministic.
type SilentFact struct {
	// Judgement is the Judgement's name: "unjudged", "fenced", "lock",
	// "cleanup" or "notwrite".
	Judgement string
	// Path names the functions the call goes through, the function's own
	// callee first, and the call judged last.
	Path []string
	// At is where that call is ("file:line:col").
	At string
	// Reason explains the judgement.
	Reason string
}

// AFact marks SilentFact as an analysis fact.
func (*SilentFact) AFact() {}

// String describes the fact for tests.
func (f *SilentFact) String() string {
	return "fence:silent(" + f.Judgement + ": " + strings.Join(f.Path, " → ") + ")"
}

// silentRank orders the judgements a SilentFact may carry: the first one
// found of the lowest rank wins.
var silentRank = map[Judgement]int{NotJudged: 0, JudgedFenced: 1, JudgedLock: 1, JudgedCleanup: 2, JudgedNotWrite: 2}

// silentCall is a call of a function the SilentFact of the function may
// describe.
type silentCall struct {
	pos    token.Pos
	kind   Judgement
	path   []string
	at     string
	reason string
}

// exportSilentFacts exports a SilentFact for every declared function of
// the package that makes a silent call outside a lease of its own, when
// its FuncFact does not already settle what calling it does.
func (m *model) exportSilentFacts() {
	if m.inv == nil {
		return
	}
	byFunc := make(map[*ssa.Function][]note)
	for _, n := range m.inv.notes {
		byFunc[n.instr.Parent()] = append(byFunc[n.instr.Parent()], n)
	}
	memo := make(map[*funcInfo]*silentCall)
	for _, fn := range m.funcs {
		obj := store.FuncObject(fn)
		if obj == nil || fn.Parent() != nil || fn.Synthetic != "" {
			continue
		}
		var f FuncFact
		if m.pass.ImportObjectFact(obj, &f) && (f.Acquire || f.Release || f.Sink || f.Guarded || f.Idempotent || len(f.Writes) > 0) {
			continue
		}
		if u := m.firstSilent(m.local[fn], byFunc, memo, map[*funcInfo]bool{}); u != nil {
			m.pass.ExportObjectFact(obj, &SilentFact{Judgement: u.kind.String(), Path: u.path, At: u.at, Reason: u.reason})
		}
	}
}

// firstSilent returns the silent call fi makes outside a lease of its
// own, directly or through functions of the package it calls, of the
// lowest rank, first in source order.
func (m *model) firstSilent(fi *funcInfo, byFunc map[*ssa.Function][]note, memo map[*funcInfo]*silentCall, visiting map[*funcInfo]bool) *silentCall {
	if u, ok := memo[fi]; ok {
		return u
	}
	if visiting[fi] || m.idempotent(fi.fn) {
		return nil
	}
	visiting[fi] = true
	var found []*silentCall
	add := func(instr ssa.CallInstruction, kind Judgement, path []string, at, reason string) {
		if len(path) <= maxSteps {
			found = append(found, &silentCall{pos: instr.Pos(), kind: kind, path: path, at: at, reason: reason})
		}
	}
	for _, n := range byFunc[fi.fn] {
		if _, scoped := fi.ownLeaseAt(n.instr); scoped || n.dynamic {
			continue
		}
		reason, name := n.reason, calleeName(n.instr)
		if n.external != nil {
			f, ok := m.importedSilent(n.external)
			if ok {
				add(n.instr, judgementNamed(f.Judgement), append([]string{n.external.name}, f.Path...), f.At, f.Reason)
				continue
			}
			if reason, ok = m.externalReason(n.external); !ok {
				continue
			}
			name = n.external.name
		}
		add(n.instr, n.kind, []string{name}, m.siteOf(n.instr.Pos()), reason)
	}
	for _, o := range fi.ops {
		if _, scoped := fi.ownLeaseAt(o.instr); scoped || o.acquire || o.release {
			continue
		}
		if o.write {
			if o.guard.Fences() && len(o.via) == 0 {
				kind, reason := m.unscopedFenced(fi, o)
				add(o.instr, kind, []string{o.name}, m.siteOf(o.instr.Pos()), reason)
			}
			continue
		}
		if callee := m.local[o.local]; callee != nil && callee.fn.Parent() == nil {
			if sub := m.firstSilent(callee, byFunc, memo, visiting); sub != nil {
				add(o.instr, sub.kind, append([]string{o.name}, sub.path...), sub.at, sub.reason)
			}
			continue
		}
		if r, ok := m.undecidedInvoke(o); ok {
			add(o.instr, NotJudged, []string{o.name}, m.siteOf(o.instr.Pos()), r)
		} else if f, ok := m.importedSilent(o); ok {
			add(o.instr, judgementNamed(f.Judgement), append([]string{o.name}, f.Path...), f.At, f.Reason)
		}
	}
	sort.SliceStable(found, func(i, j int) bool {
		if ri, rj := silentRank[found[i].kind], silentRank[found[j].kind]; ri != rj {
			return ri < rj
		}
		return found[i].pos < found[j].pos
	})
	var u *silentCall
	if len(found) > 0 {
		u = found[0]
	}
	memo[fi] = u
	return u
}

// unscopedFenced judges a guarded write a function makes outside a lease
// of its own, for the callers that hold one: by its guard, and whether its
// rejection is seen (the token's origin lies with the caller).
func (m *model) unscopedFenced(fi *funcInfo, o *op) (Judgement, string) {
	if o.guard == TxGuard || m.handleGuardedAt(fi, o) || m.inWatch(fi.fn) {
		return JudgedLock, m.lockReason(o)
	}
	r := m.guardReason(o.guard, o.guardColumn, o)
	if seen, what := m.rejectionSeen(o); !seen && !o.wrapped {
		return NotJudged, "it is guarded (" + r + "), but " + strings.ToLower(what[:1]) + what[1:]
	}
	return JudgedFenced, r + ", and the rejection is checked"
}

// judgementNamed returns the Judgement of a name String gives.
func judgementNamed(name string) Judgement {
	for j := JudgedReported; j <= Unscoped; j++ {
		if j.String() == name {
			return j
		}
	}
	return NotJudged
}

// importedSilent returns the SilentFact of the function of another
// package o calls, when nothing else settled the call.
func (m *model) importedSilent(o *op) (SilentFact, bool) {
	var f SilentFact
	if o.callee == nil || o.callee.Pkg() == m.pass.Pkg || o.write || o.acquire || o.release {
		return f, false
	}
	return f, m.pass.ImportObjectFact(o.callee, &f)
}

// silentText explains a call whose callee's fact describes the call it
// makes that the rules are silent about.
func silentText(f SilentFact) string {
	return "via " + strings.Join(f.Path, " → ") + " at " + shortSite(f.At) + ": " + f.Reason
}

// externalReason explains a call of a function of another package that no
// directive, flag, catalogue entry or fact settled, when it can matter:
// it belongs to another module, is not in the catalogue, exported no
// fact, and takes a context (a call that may talk to a service). Inside
// the module of a library the catalogue models, the library's packages
// are user code: their facts are used like any package's.
func (m *model) externalReason(o *op) (string, bool) {
	fn := o.callee
	if fn == nil || fn.Pkg() == nil {
		return "", false
	}
	path := fn.Pkg().Path()
	if !m.userPackage(fn.Pkg()) || m.sameModule(path) || !takesContext(fn) {
		return "", false
	}
	return path + " is outside the analysed module, not in the catalogue, and exported no facts (fencecheck found no lease or write it models there)", true
}

// sameModule reports whether the package path belongs to the module of
// the analysed package (without module information, to the same
// repository: the first path element, or the first three under a host
// name).
func (m *model) sameModule(path string) bool {
	if mod := m.pass.Module; mod != nil && mod.Path != "" {
		return path == mod.Path || strings.HasPrefix(path, mod.Path+"/")
	}
	return repoRoot(m.pass.Pkg.Path()) == repoRoot(path)
}

// repoRoot returns the first element of an import path, or its first
// three when the first is a host name (github.com/owner/repo).
func repoRoot(path string) string {
	parts := strings.SplitN(path, "/", 4)
	if strings.Contains(parts[0], ".") && len(parts) >= 3 {
		return strings.Join(parts[:3], "/")
	}
	return parts[0]
}

// returnsError reports whether fn has an error result.
func returnsError(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := 0; i < res.Len(); i++ {
		if store.IsError(res.At(i).Type()) {
			return true
		}
	}
	return false
}

// takesContext reports whether fn has a context.Context parameter.
func takesContext(fn *types.Func) bool {
	sig := fn.Signature()
	for i := 0; i < sig.Params().Len(); i++ {
		if store.IsContext(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

// undecidedInvoke explains an interface call under a lease that no
// implementation the package can see decides.
func (m *model) undecidedInvoke(o *op) (string, bool) {
	if m.iface == nil || o.write || o.acquire || o.release {
		return "", false
	}
	ic := m.iface.calls[o]
	if ic == nil || len(ic.pending) > 0 {
		return "", false
	}
	if !takesContext(o.callee) && !returnsError(o.callee) {
		return "", false // a getter (a clock, a name): no service behind it
	}
	if len(ic.others) == 0 {
		return "no implementation of " + o.name + " is visible here (test doubles excluded): a package that converts one to the interface judges its writes at the conversion", true
	}
	acq := 0
	for _, s := range ic.others {
		if s.acquire {
			acq++
		}
	}
	if acq > 0 {
		return "the implementations of " + o.name + " disagree: " + itoa(acq) + " of " + itoa(len(ic.others)) + " take a lease", true
	}
	if w, ok := foreignWriter(ic); ok {
		return "the implementations of " + o.name + " disagree: " + w.name + ", outside the analysed module, writes and another does not; which one runs is configured elsewhere", true
	}
	impls := m.implementations(o.instr.Common().Value.Type(), o.callee)
	unknown := len(impls) > 0
	for _, im := range impls {
		var f SilentFact
		if im.method.Pkg() != m.pass.Pkg && m.pass.ImportObjectFact(im.method, &f) && judgementNamed(f.Judgement) == NotJudged {
			return "its implementation " + displayName(im.method, nil) + " makes a call fencecheck could not judge: " + silentText(f), true
		}
		var ff FuncFact
		p := im.method.Pkg()
		if p == m.pass.Pkg || !m.userPackage(p) || m.sameModule(p.Path()) || m.pass.ImportObjectFact(im.method, &ff) {
			unknown = false
		}
	}
	if unknown {
		return "its implementations (" + displayName(impls[0].method, nil) + " …) are outside the analysed module, not in the catalogue, and exported no facts", true
	}
	return "", false
}

// calleeIdempotent explains a call of a function marked idempotent.
func (m *model) calleeIdempotent(o *op) (string, bool) {
	if o.callee == nil {
		return "", false
	}
	if o.callee.Pkg() == m.pass.Pkg {
		if d := m.dirs.Func(o.callee); d.Idempotent {
			return "calls " + o.name + ", marked //fencecheck:idempotent " + strings.TrimSpace(d.IdempotentReason), true
		}
	}
	if c, ok := config.Lookup(o.callee.Origin().FullName()); ok && c.Idempotent {
		return "calls " + o.name + ", named by -fencecheck.idempotent", true
	}
	var f FuncFact
	if o.callee.Pkg() != m.pass.Pkg && m.pass.ImportObjectFact(o.callee, &f) && f.Idempotent {
		return "calls " + o.name + ", marked //fencecheck:idempotent in package " + pkgPath(o.callee), true
	}
	return "", false
}

// fencedReason explains how a fenced write is guarded.
func (m *model) fencedReason(w *Write, o *op) string {
	if o == nil {
		return "the sink rejects a late writer"
	}
	r := m.guardReason(w.Guard, w.GuardColumn, o)
	if o.wrapped {
		return r
	}
	return r + ", and the rejection is checked"
}

// guardReason explains how the write o is guarded by g.
func (m *model) guardReason(g Guard, column string, o *op) string {
	tok := ""
	if e, ok := m.argExpr(o.instr, o.tokenArg); ok && o.tokenArg != nil {
		tok = " (the token is " + e.Text + ")"
	}
	switch {
	case o.wrapped:
		return "a call of " + o.name + ", which runs the SQL text or script its caller passes, and that compares the token" + predicateClause(o) + tok + "; the wrapper may check the rejection itself"
	case g == TokenGuard && o.guardPred != nil:
		return "the sink compares the token in the statement" + predicateClause(o) + tok
	case g == TokenGuard:
		return "the sink compares " + orDefault(column, "the stored token") + " with the token" + tok
	case o.call:
		return o.name + " performs a token-conditional write (a guarded helper, by directive, flag or fact)" + tok
	}
	cond := ""
	if e, ok := m.argExpr(o.instr, o.condValue); ok && o.condValue != nil {
		cond = " on " + e.Text
	}
	return "the sink applies the write only if its condition" + cond + " holds" + tok
}

// predicateClause renders the guard predicate of o: " (WHERE …)".
func predicateClause(o *op) string {
	if o.guardPred == nil {
		return ""
	}
	return " (" + o.guardPred.Text() + ")"
}

// orDefault returns s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// lockReason explains a write the sink checks against a lock it holds.
func (m *model) lockReason(o *op) string {
	if o == nil {
		return "the write runs where the sink holds the lock"
	}
	if m.inWatch(o.instr.Parent()) {
		return "it runs inside an optimistic transaction (Watch): the server rejects it if a watched key changed"
	}
	if len(o.writeHandles) > 0 {
		var hs []string
		for _, h := range o.writeHandles {
			if e, ok := m.argExpr(o.instr, h); ok {
				hs = append(hs, e.Text)
			}
		}
		return o.name + " writes only through " + orDefault(strings.Join(hs, ", "), "the handles it is given") + ", which hold the lock: the database checks it atomically"
	}
	h := "its handle"
	if ce := m.callExpr(o.instr); ce != nil {
		if sel, ok := ce.Fun.(*ast.SelectorExpr); ok {
			h = types.ExprString(sel.X)
		}
	}
	by := ""
	if fi := m.local[o.instr.Parent()]; fi != nil && fi.flow != nil && o.handle != nil {
		for _, a := range fi.flow.acqs {
			if a.sameHandleGuards && a.handle != nil && store.SameValue(a.handle, o.handle) {
				by = " (taken by " + a.name + ")"
				break
			}
		}
	}
	return "it runs on " + h + ", the transaction or session that holds the lock" + by + ": the database checks the lock atomically with the write"
}

// callExpr returns the call expression of a call instruction, or nil.
func (m *model) callExpr(call ssa.CallInstruction) *ast.CallExpr {
	m.callRange(call) // builds the index
	return m.calls[call.Common().Pos()]
}

// argExpr returns the argument expression of call that computes v, as
// written, found by position (or, for a parameter passed on, by name).
func (m *model) argExpr(call ssa.CallInstruction, v ssa.Value) (Expr, bool) {
	ce := m.callExpr(call)
	if ce == nil || v == nil {
		return Expr{}, false
	}
	v = store.StripConv(v)
	name := ""
	if p, ok := v.(*ssa.Parameter); ok {
		name = p.Name()
	}
	pos := v.Pos()
	if u, ok := v.(*ssa.UnOp); ok && !pos.IsValid() {
		pos = u.X.Pos()
	}
	for _, a := range ce.Args {
		if id, ok := a.(*ast.Ident); ok && name != "" && id.Name == name {
			return Expr{Text: name, Pos: id.Pos()}, true
		}
		if pos.IsValid() && a.Pos() <= pos && pos < a.End() {
			return Expr{Text: types.ExprString(a), Pos: a.Pos()}, true
		}
	}
	if a, ok := argByIndex(call, ce, v); ok {
		return Expr{Text: types.ExprString(a), Pos: a.Pos()}, true
	}
	if name != "" {
		return Expr{Text: name, Pos: ce.Pos()}, true
	}
	return Expr{}, false
}

// argByIndex returns the argument expression at v's index among the call's
// arguments (a constant has no position to find it by).
func argByIndex(call ssa.CallInstruction, ce *ast.CallExpr, v ssa.Value) (ast.Expr, bool) {
	c := call.Common()
	off := 0
	if !c.IsInvoke() && c.Signature().Recv() != nil {
		off = 1 // the receiver is an argument in SSA, not in the syntax
	}
	for i, a := range c.Args {
		if store.StripConv(a) != v {
			continue
		}
		j := i - off
		if j < 0 || j >= len(ce.Args) || c.Signature().Variadic() && j >= c.Signature().Params().Len()-1 {
			return nil, false
		}
		return ce.Args[j], true
	}
	return nil, false
}

// itoa formats an int.
func itoa(i int) string { return strconv.Itoa(i) }

// reportedReason explains the verdict of a reported write.
func reportedReason(w *Write) string {
	switch w.Verdict {
	case Unfenced:
		r := "nothing conditions the write on the lease: a worker that lost it can overwrite newer state"
		if w.Note != "" {
			r += " (" + w.Note + ")"
		}
		return r
	case Preflight:
		r := "its only protection is an ownership check before it, after which the worker can pause and lose the lease"
		if n := len(w.Related); n > 0 {
			r += " (" + w.Related[n-1].Message + ")"
		}
		return r
	case ClientCompare:
		return "the stored token is compared in Go, not atomically by the sink"
	case WeakGuard:
		return "its guard does not fence: " + w.Reason
	case UncheckedFence:
		return "it is fenced, but the rejection is never looked at: " + w.Reason
	}
	return ""
}

// idempotentReason says why the writes of fn are idempotent: the reason
// of its directive, or the flag.
func (m *model) idempotentReason(fn *ssa.Function) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	obj := store.FuncObject(fn)
	if obj == nil {
		return "idempotent"
	}
	if d := m.dirs.Func(obj); d.Idempotent {
		return "in " + displayName(obj, nil) + ", marked //fencecheck:idempotent " + strings.TrimSpace(d.IdempotentReason)
	}
	return "in " + displayName(obj, nil) + ", named by -fencecheck.idempotent"
}
