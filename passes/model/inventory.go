package model

import (
	"go/token"
	"sort"
	"sync/atomic"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/generatedfile"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// The lease inventory.
//
// A clean run means either that every write under a lease is fenced or
// that fencecheck did not understand the code, and nothing in the findings
// tells which. When asked (EnableInventory), the model records what it
// understood instead of only what it reports: every lease scope, how it
// was recognised, the token and key the claim yields, where the scope
// ends, and every call under it with its judgement, including the silent
// ones: fenced (by which guard), handled by the sink's own lock,
// idempotent, a cleanup, not a write, and the calls it could not judge,
// with the reason. The fencecheck_inventory pass reports it.
//
// Recording costs nothing when the inventory is off: the hooks in the
// classification return at once, and the inventory is built after the
// verdicts from what the model already holds.

// inventoryOn is the switch EnableInventory sets.
var inventoryOn atomic.Bool

// EnableInventory makes the model record an Inventory in every Result it
// returns from now on (on), or stop recording it. A driver calls it before
// the analysis when the inventory is asked for; the rules do not need it.
func EnableInventory(on bool) { inventoryOn.Store(on) }

// InventoryEnabled reports whether the model records an Inventory.
func InventoryEnabled() bool { return inventoryOn.Load() }

// Inventory is what the model understood of one package's leases.
type Inventory struct {
	// Scopes are the lease scopes of the package, in source order: its
	// acquisitions, handler bodies, lease-carrying types and receives, and
	// the scopes of other packages its writes were judged under.
	Scopes []*Scope
	// Entries are the calls judged under a scope, or that could not be,
	// and the writes made outside any scope, in source order.
	Entries []*Entry
}

// ScopeKind says what opens a lease scope.
type ScopeKind int

const (
	// AcquisitionScope: after a call that takes a lease, while it may be
	// held.
	AcquisitionScope ScopeKind = iota
	// HandlerScope: a whole function body that runs under a lease (a job
	// handler, a registered function, a leader callback).
	HandlerScope
	// CarrierScope: the methods of a type whose every value is made under
	// a lease.
	CarrierScope
	// ReceiveScope: the code after a receive from a channel that only
	// lease scopes send on.
	ReceiveScope
	// ForeignScope: a lease of another package that a write of this one is
	// judged under (a wired implementation, a registered handler).
	ForeignScope
)

// String returns the kind's name: "acquisition", "handler", "carrier",
// "receive" or "foreign".
func (k ScopeKind) String() string {
	return [...]string{"acquisition", "handler", "carrier", "receive", "foreign"}[k]
}

// Recognition kinds: how a scope was recognised (Scope.By).
const (
	ByCatalogue = "catalogue" // an entry of the API catalogue
	ByStructure = "structure" // a structural rule (SQL shape, handler shape, …)
	ByDirective = "directive" // a //fencecheck: directive
	ByFlag      = "flag"      // a -fencecheck.* flag or .fencecheck.yaml
	ByFact      = "fact"      // a fact another package exported
)

// Scope is one lease scope.
type Scope struct {
	// Pos is where the scope begins: the acquisition call (the position
	// Lease.Pos gives) or the handler's name; End ends that call or name.
	Pos, End token.Pos
	// Kind says what opens it.
	Kind ScopeKind
	// Func names the function it begins in.
	Func string
	// Desc is the lease's description ("lease taken here by queue.Claim").
	Desc string
	// By is how it was recognised (ByCatalogue, …) and How the detail
	// ("(*sql.DB).QueryRowContext runs a claim: UPDATE jobs sets …").
	By, How string
	// Token and Key are what the claim yields: the fencing token and the
	// key of what is leased, as written in the source; empty when none was
	// found.
	Token, Key Expr
	// Ends are where the scope ends, in source order: releases, the end of
	// the transaction that holds the lock, the function's return.
	Ends []Related
}

// Expr is an expression of the source with its position.
type Expr struct {
	// Text is the expression as written ("job.Token"), or a description.
	Text string
	// Note says where the value comes from ("RETURNING fence_token").
	Note string
	Pos  token.Pos
}

// Judgement is what the model concluded about a call in the inventory.
type Judgement int

const (
	// JudgedReported: a rule reports the write (Entry.Rule).
	JudgedReported Judgement = iota
	// JudgedFenced: the sink rejects a late writer by a token.
	JudgedFenced
	// JudgedLock: the write runs on the transaction or session that holds
	// the lock, so the sink checks the lock itself.
	JudgedLock
	// JudgedIdempotent: the write cannot corrupt state (a directive or a
	// flag says so).
	JudgedIdempotent
	// JudgedCleanup: the same rows whoever runs it (a cleanup by age).
	JudgedCleanup
	// JudgedNotWrite: a call that looks like a write but is not one (an
	// append, a renewal, a claim of its own).
	JudgedNotWrite
	// NotJudged: the model could not tell what the call does.
	NotJudged
	// Unscoped: a write made outside any lease scope.
	Unscoped
)

// String returns the judgement's name: "reported", "fenced", "lock",
// "idempotent", "cleanup", "notwrite", "unjudged" or "unscoped".
func (j Judgement) String() string {
	return [...]string{"reported", "fenced", "lock", "idempotent", "cleanup", "notwrite", "unjudged", "unscoped"}[j]
}

// Entry is one call of the inventory.
type Entry struct {
	// Pos and End delimit the call.
	Pos, End token.Pos
	// Func names the function the call is in.
	Func string
	// Callee names the called function or API.
	Callee string
	// Subject describes the call as the findings do ("call to
	// (*store.Results).Save writes results via (*sql.DB).ExecContext").
	Subject string
	// Judgement is the conclusion; Rule is the reporting rule of a
	// JudgedReported entry.
	Judgement Judgement
	Rule      string
	// Guard is how a write is protected.
	Guard Guard
	// Reason explains the judgement.
	Reason string
	// Lease is the scope the call was judged under; nil outside any.
	Lease *Lease
	// Also are the other scopes that reach the call (their Pos and Desc).
	Also []Related
	// Related are the steps: the lease, the calls that carried it, the
	// path into another package, the token's origin or the probe.
	Related []Related
	// Write is the write of Result.Writes the entry describes, if any.
	Write *Write
	// CallOnly marks an Unscoped entry that is not a write of a
	// catalogued sink but a call fencecheck could not judge (an interface
	// call, a function value, a callee of another module): listed only
	// when asked, to explain one line.
	CallOnly bool
	// Judges is, for the conversion of an implementation to an interface
	// that another package calls under a lease, where that call is
	// ("file:line:col"): the entry judges that call.
	Judges string
}

// invState is what the model records for the inventory during a run.
type invState struct {
	// notes are the calls classification left out, with why.
	notes []note
}

// note is a call classification left out of the ops, or settled as no
// write, with the judgement and reason the inventory gives it.
type note struct {
	instr  ssa.CallInstruction
	kind   Judgement
	reason string
	// catalogued: the callee is an API of the catalogue, so outside a
	// scope the call is listed as an unscoped call of a sink.
	catalogued bool
	// dynamic: a call of a function value; it stays out of SilentFacts,
	// since libraries call option and hook functions everywhere.
	dynamic bool
	// external: a call of a function of another package that nothing
	// settled; the builder decides whether it is worth a note.
	external *op
}

// startInventory prepares the recording when the inventory is asked for.
func (m *model) startInventory() {
	if InventoryEnabled() {
		m.inv = new(invState)
	}
}

// noteSilent records that classification settled call as kind without an
// op (an append, a cleanup) or could not settle it (NotJudged), and why.
func (m *model) noteSilent(call ssa.CallInstruction, kind Judgement, reason string) {
	if m.inv == nil {
		return
	}
	m.inv.notes = append(m.inv.notes, note{instr: call, kind: kind, reason: reason, catalogued: true})
}

// noteUnclassified records a call that no directive, flag, catalogue entry
// or fact settled, for the builder to judge (externalReason). It returns
// nil, what classify returns for such a call.
func (m *model) noteUnclassified(o *op) *op {
	if m.inv != nil && o.callee != nil && o.callee.Pkg() != m.pass.Pkg {
		m.inv.notes = append(m.inv.notes, note{instr: o.instr, kind: NotJudged, external: o})
	}
	return nil
}

// noteDynamic records a call of a function value whose origin is not
// known. It returns nil, what classify returns for such a call.
func (m *model) noteDynamic(o *op) *op {
	if _, builtin := o.instr.Common().Value.(*ssa.Builtin); m.inv != nil && !builtin && o.instr.Pos().IsValid() {
		m.inv.notes = append(m.inv.notes, note{instr: o.instr, kind: NotJudged, reason: "the function value's body is not known here (a parameter, a field, or a value another package made)", dynamic: true})
	}
	return nil
}

// noteUnresolvedText records a call whose SQL text v could not be read.
func (m *model) noteUnresolvedText(o *op, v ssa.Value) {
	if m.inv == nil {
		return
	}
	reason := "the SQL text is built at run time"
	switch x := store.StripConv(v).(type) {
	case *ssa.Parameter:
		reason = "the SQL text is parameter " + x.Name() + " of " + displayName(store.FuncObject(x.Parent()), x.Parent()) + ": each call of it is judged by the text it passes"
	case *ssa.Call:
		if fn := store.FuncObject(x.Common().StaticCallee()); fn != nil {
			reason = "the SQL text is built at run time (returned by " + displayName(fn, nil) + ")"
		}
	}
	m.noteSilent(o.instr, NotJudged, reason)
}

// inventory builds the package's Inventory from the writes of the Result
// and the model's state, or returns nil when it is not asked for.
func (m *model) inventory(writes []*Write) *Inventory {
	if m.inv == nil {
		return nil
	}
	inv := &Inventory{}
	reach := m.reachingLeases()
	byPos := m.collectScopes(inv)
	done := make(map[ssa.Instruction]bool)
	opOf := make(map[*Write]*op)
	for _, fn := range m.funcs {
		for _, o := range m.local[fn].ops {
			if o.write {
				if pos, _ := m.callRange(o.instr); pos.IsValid() {
					for _, w := range writes {
						if w.Func == fn && w.Pos == pos && opOf[w] == nil {
							opOf[w] = o
							break
						}
					}
				}
			}
		}
	}
	for _, w := range writes {
		e := m.writeEntry(w, opOf[w])
		if o := opOf[w]; o != nil {
			done[o.instr] = true
			m.addAlso(e, reach, o.instr)
		}
		inv.Entries = append(inv.Entries, e)
	}
	for _, fn := range m.funcs {
		for _, o := range m.local[fn].ops {
			if !done[o.instr] {
				if e := m.opEntry(fn, o); e != nil {
					done[o.instr] = true
					m.addAlso(e, reach, o.instr)
					inv.Entries = append(inv.Entries, e)
				}
			}
		}
	}
	for _, n := range m.inv.notes {
		if done[n.instr] {
			continue
		}
		if e := m.noteEntry(n); e != nil {
			done[n.instr] = true
			m.addAlso(e, reach, n.instr)
			inv.Entries = append(inv.Entries, e)
		}
	}
	inv.Entries = append(inv.Entries, m.wiredEntries()...) // inventory_wiring.go
	kept := inv.Entries[:0]
	for _, e := range inv.Entries {
		if !generatedfile.IsGenerated(m.pass, e.Pos) {
			kept = append(kept, e)
		}
	}
	inv.Entries = kept
	m.foreignScopes(inv, byPos)
	sort.SliceStable(inv.Entries, func(i, j int) bool { return m.posLess(inv.Entries[i].Pos, inv.Entries[j].Pos) })
	sort.SliceStable(inv.Scopes, func(i, j int) bool { return m.posLess(inv.Scopes[i].Pos, inv.Scopes[j].Pos) })
	return inv
}

// foreignScopes adds a scope for every lease an entry was judged under
// that no scope of the package opens (a wired write's or a registered
// handler's lease of another package).
func (m *model) foreignScopes(inv *Inventory, byPos map[token.Pos]*Scope) {
	for _, e := range inv.Entries {
		if e.Lease == nil {
			continue
		}
		if _, ok := byPos[e.Lease.Pos]; ok {
			continue
		}
		s := &Scope{Pos: e.Lease.Pos, End: e.Lease.Pos, Kind: ForeignScope, Desc: e.Lease.Desc,
			By: ByFact, How: "a lease another package holds when it runs this code (its facts say so)"}
		if !s.Pos.IsValid() {
			s.Pos, s.End = e.Pos, e.Pos
			e.Lease.Pos = e.Pos
		}
		byPos[e.Lease.Pos] = s
		inv.Scopes = append(inv.Scopes, s)
	}
}

// writeEntry describes a write of the Result; o is its op, nil for a
// write judged at a registration or a conversion.
func (m *model) writeEntry(w *Write, o *op) *Entry {
	lease := w.Lease
	e := &Entry{
		Pos: w.Pos, End: w.End, Func: funcName(w.Func), Callee: w.Callee, Subject: w.Subject(),
		Guard: w.Guard, Lease: &lease, Related: w.Related, Write: w,
	}
	switch {
	case w.Verdict != Fenced:
		e.Judgement, e.Rule = JudgedReported, w.Verdict.Rule()
		e.Reason = reportedReason(w)
	case w.Guard == TxGuard:
		e.Judgement = JudgedLock
		e.Reason = m.lockReason(o)
	default:
		e.Judgement = JudgedFenced
		e.Reason = m.fencedReason(w, o)
	}
	return e
}

// opEntry describes an op that is not a write of the Result: a write in
// an idempotent function or outside any scope, a call of an idempotent
// function, an interface call no implementation decided, or a call whose
// other package could not judge what it does (UnjudgedFact). It returns
// nil for the others.
func (m *model) opEntry(fn *ssa.Function, o *op) *Entry {
	fi := m.local[fn]
	lease, scoped := fi.leaseAt(o.instr)
	pos, end := m.callRange(o.instr)
	e := &Entry{Pos: pos, End: end, Func: funcName(fn), Callee: o.name, Subject: "call to " + o.name, Guard: o.guard}
	if scoped {
		e.Lease = &lease
		e.Related = append([]Related{{lease.Pos, lease.Desc}}, lease.Steps...)
	}
	switch {
	case o.write && !scoped:
		w := &Write{Callee: o.name, Via: o.via, Target: o.target, Verb: o.verb, Call: o.call}
		e.Subject, e.Judgement = w.Subject(), Unscoped
		e.Reason = "no lease is held here"
		return e
	case o.write:
		w := &Write{Callee: o.name, Via: o.via, Target: o.target, Verb: o.verb, Call: o.call}
		e.Subject, e.Judgement = w.Subject(), JudgedIdempotent
		e.Reason = m.idempotentReason(fn)
		return e
	case o.acquire || o.release:
		return nil
	case !scoped:
		return m.outsideEntry(e, o, pos)
	case o.local != nil:
		return nil // its body is in the scope: its calls are listed there
	}
	if r, ok := m.calleeIdempotent(o); ok {
		e.Judgement, e.Reason = JudgedIdempotent, r
		return e
	}
	if r, ok := m.undecidedInvoke(o); ok {
		e.Judgement, e.Reason = NotJudged, r
		return e
	}
	if f, ok := m.importedSilent(o); ok {
		e.Judgement, e.Reason = judgementNamed(f.Judgement), silentText(f)
		e.Related = append(e.Related, m.silentStep(f, pos))
		return e
	}
	return nil
}

// outsideEntry describes an op outside any scope that could not be judged
// (an interface call no implementation decides, a call whose package
// could not judge a call it makes) or that calls a function of the
// package, or returns nil.
func (m *model) outsideEntry(e *Entry, o *op, pos token.Pos) *Entry {
	e.Judgement, e.CallOnly = Unscoped, true
	if o.local != nil {
		e.Subject = "call to " + funcName(o.local)
		if o.local.Parent() == nil {
			e.Subject = "call to " + o.name
		}
		e.Reason = "no lease is held here; " + funcName(o.local) + " is a function of this package: what it does is listed at its own calls"
		return e
	}
	if r, ok := m.undecidedInvoke(o); ok {
		e.Reason = "no lease is held here; not judged: " + r
		return e
	}
	if f, ok := m.importedSilent(o); ok && judgementNamed(f.Judgement) == NotJudged {
		e.Reason = "no lease is held here; not judged: " + silentText(f)
		e.Related = append(e.Related, m.silentStep(f, pos))
		return e
	}
	return nil
}

// noteEntry describes a note, or returns nil when the call needs no entry
// (outside any scope and not a call of a catalogued API, or a call of
// another package that cannot matter).
func (m *model) noteEntry(n note) *Entry {
	fi := m.local[n.instr.Parent()]
	if fi == nil {
		return nil
	}
	lease, scoped := fi.leaseAt(n.instr)
	reason, kind := n.reason, n.kind
	name := ""
	var silent *Related
	if n.external != nil {
		name = n.external.name
		if f, ok := m.importedSilent(n.external); ok {
			reason, kind = silentText(f), judgementNamed(f.Judgement)
			step := m.silentStep(f, n.instr.Pos())
			silent = &step
		} else if reason, ok = m.externalReason(n.external); !ok {
			return nil
		}
	}
	if !scoped && !n.catalogued && kind != NotJudged {
		return nil
	}
	if name == "" {
		name = calleeName(n.instr)
	}
	pos, end := m.callRange(n.instr)
	e := &Entry{Pos: pos, End: end, Func: funcName(n.instr.Parent()), Callee: name, Subject: "call to " + name, Judgement: kind, Reason: reason}
	if !scoped {
		e.Judgement, e.CallOnly = Unscoped, !n.catalogued
		e.Reason = "no lease is held here; " + reason
		if e.CallOnly {
			e.Reason = "no lease is held here; not judged: " + reason
		}
		if kind != NotJudged {
			return nil // an append or a cleanup outside a scope: nothing to say
		}
		return e
	}
	e.Lease = &lease
	e.Related = append([]Related{{lease.Pos, lease.Desc}}, lease.Steps...)
	if silent != nil {
		e.Related = append(e.Related, *silent)
	}
	return e
}

// silentStep is the step of a SilentFact: where the call it describes is
// made; fallback is its position when that file is not in the file set
// (the message then names the file and line).
func (m *model) silentStep(f SilentFact, fallback token.Pos) Related {
	msg := "the call: " + f.Path[len(f.Path)-1]
	pos := m.resolveSite(f.At)
	if !pos.IsValid() {
		pos = fallback
		msg += " at " + shortSite(f.At)
	}
	return Related{pos, msg}
}

// calleeName names the function a call calls, or "a function value".
func calleeName(call ssa.CallInstruction) string {
	c := call.Common()
	if c.IsInvoke() {
		return displayName(c.Method, nil)
	}
	if fn := c.StaticCallee(); fn != nil {
		return displayName(store.FuncObject(fn), fn)
	}
	return "a function value"
}

// funcName names a function for the inventory: its display name, or for a
// closure the function it is in.
func funcName(fn *ssa.Function) string {
	if fn == nil {
		return ""
	}
	if fn.Parent() != nil {
		root := fn
		for root.Parent() != nil {
			root = root.Parent()
		}
		return "a function literal in " + displayName(store.FuncObject(root), root)
	}
	return displayName(store.FuncObject(fn), fn)
}

// addAlso records on e the other scopes that reach the call at instr.
func (m *model) addAlso(e *Entry, reach map[*ssa.Function][]Lease, instr ssa.Instruction) {
	if e.Lease == nil {
		return
	}
	seen := map[token.Pos]bool{e.Lease.Pos: true}
	for _, l := range append(m.ownLeasesAt(instr), reach[instr.Parent()]...) {
		if !seen[l.Pos] {
			seen[l.Pos] = true
			e.Also = append(e.Also, Related{l.Pos, l.Desc})
		}
	}
	sort.Slice(e.Also, func(i, j int) bool { return m.posLess(e.Also[i].Pos, e.Also[j].Pos) })
}
