package model

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/cql"
	"github.com/fencecheck/fencecheck/passes/model/store/docstore"
)

// Verdict is the one rule a write in a lease scope breaks, if any. Each
// write gets exactly one verdict, so a line is reported by one rule.
type Verdict int

const (
	// Fenced: the sink rejects a late writer, and the rejection is seen.
	Fenced Verdict = iota
	// Unfenced: nothing conditions the write on the lease.
	Unfenced
	// Preflight: the only protection is an ownership check before the
	// write.
	Preflight
	// ClientCompare: the stored token is compared in Go, not by the sink.
	ClientCompare
	// WeakGuard: the write has a guard that does not fence.
	WeakGuard
	// UncheckedFence: the write is fenced but its rejection is ignored.
	UncheckedFence
)

// Rule returns the name of the rule that reports the verdict ("" for
// Fenced).
func (v Verdict) Rule() string {
	return [...]string{"", "unfenced", "preflight", "clientcompare", "weakguard", "uncheckedfence"}[v]
}

// Related is a position that explains a finding.
type Related struct {
	Pos     token.Pos
	Message string
}

// Subject describes the write for a message: "(*sql.DB).ExecContext
// updates jobs", "call to (*store.Store).Save writes results via
// (*sql.DB).ExecContext", or "call to store.Notify writes".
func (w *Write) Subject() string {
	target := ""
	if w.Target != "" {
		target = " " + w.Target
	}
	if len(w.Via) > 0 {
		path := make([]string, len(w.Via)-1)
		for i, p := range w.Via[1:] {
			path[i], _, _ = strings.Cut(p, " ")
		}
		return fmt.Sprintf("call to %s writes%s via %s", w.Via[0], target, strings.Join(path, " → "))
	}
	verb := w.Verb
	if w.Target == "" {
		verb = strings.TrimSuffix(strings.TrimSuffix(verb, " into"), " from")
	}
	prefix := ""
	if w.Call {
		prefix = "call to "
	}
	return fmt.Sprintf("%s%s %s%s", prefix, w.Callee, verb, target)
}

// judge decides the verdict of a write made under a lease and fills the
// explanation.
func (m *model) judge(w *Write, o *op) {
	w.Related = append(w.Related, Related{w.Lease.Pos, w.Lease.Desc})
	w.Related = append(w.Related, w.Lease.Steps...)
	w.Related = append(w.Related, m.pathSteps(o)...)
	switch w.Guard {
	case TxGuard:
		w.Verdict = Fenced
	case NoGuard:
		if c, ok := m.clientCompareBefore(o.instr); ok {
			w.Verdict = ClientCompare
			w.Related = append(w.Related, Related{c.pos, c.desc})
		} else if c, ok := m.probeBefore(o.instr); ok {
			w.Verdict = Preflight
			w.Related = append(w.Related, Related{c.pos, c.desc})
		} else if c, ok := m.callerProbe(o.instr); ok {
			w.Verdict = Preflight
			w.Related = append(w.Related, Related{c.pos, c.desc})
		} else if o.viaProbe.desc != "" {
			w.Verdict = Preflight
			w.Related = append(w.Related, m.probeStep(o))
		} else {
			w.Verdict = Unfenced
		}
	case StateGuard:
		w.Verdict = WeakGuard
		w.Reason = fmt.Sprintf("it checks %s, which a newer claim passes too", w.GuardColumn)
		if w.GuardColumn == "" {
			w.Reason, w.Note = w.Note, ""
		}
	case TokenGuard, HelperGuard:
		m.judgeToken(w, o)
	}
}

// judgeToken judges a write that carries a token: the comparison's
// direction, the token's origin, and whether the rejection is seen.
func (m *model) judgeToken(w *Write, o *op) {
	if o.wrongWay != "" {
		w.Verdict = WeakGuard
		w.Reason = o.wrongWay + " accepts older tokens (the stored token must be less than the incoming one)"
		return
	}
	if p := o.guardPred; p != nil {
		if p.AcceptsOlder() {
			w.Verdict = WeakGuard
			w.Reason = fmt.Sprintf("%s accepts older tokens (the stored token must be less than the incoming one)", p.Text())
			return
		}
		if in, ok := p.IncomingOperand(); ok && in.Kind == sqltext.Literal {
			w.Verdict = WeakGuard
			w.Reason = "the token is a constant"
			return
		}
	}
	if o.condValue != nil {
		if pr := m.tokenOrigin(o.condValue); pr.origin == FreshOrigin && !m.claimCompareBefore(o.instr, pr.pos) {
			w.Verdict = WeakGuard
			w.Reason = pr.describe()
			if pr.pos.IsValid() {
				w.Related = append(w.Related, Related{pr.pos, "version read here"})
			}
			return
		}
	}
	if o.tokenArg != nil {
		// A fresh condition value was judged above, with the claim
		// comparison that can make it safe.
		if pr := m.tokenOrigin(o.tokenArg); pr.origin.Weak() && !(pr.origin == FreshOrigin && o.tokenArg == o.condValue) {
			w.Verdict = WeakGuard
			w.Reason = pr.describe()
			if pr.pos.IsValid() {
				w.Related = append(w.Related, Related{pr.pos, "token obtained here"})
			}
			return
		}
	}
	if o.wrapped {
		w.Verdict = Fenced // the wrapper may check the rejection itself
		return
	}
	if seen, what := m.rejectionSeen(o); !seen {
		w.Verdict = UncheckedFence
		w.Reason = what
		return
	}
	w.Verdict = Fenced
}

// rejectionSeen reports whether the code looks at the outcome that tells a
// fenced write was rejected: RowsAffected of an Exec, the error of Scan on
// a RETURNING row, GORM's RowsAffected; for other APIs, the outcome their
// results carry (a bool, TxnResponse.Succeeded, the HTTP status, a script's
// result), else their error. Results that escape (returned, passed on,
// stored) count as seen.
func (m *model) rejectionSeen(o *op) (bool, string) {
	call, ok := o.instr.(*ssa.Call)
	if !ok {
		return true, "" // go and defer statements: not judged
	}
	results := call.Common().Signature().Results()
	if isCQL(o) {
		return cql.AppliedSeen(catalogue.Lookup(o.callee), o.handle, call, results)
	}
	if o.stmt == nil && o.guardPred == nil {
		return apiOutcomeSeen(call, results)
	}
	const what = "RowsAffected is never compared"
	if results.Len() == 0 {
		return true, ""
	}
	if o.callee != nil && o.callee.Name() == "Queue" {
		return true, "" // batch results are read later
	}
	first := store.ResultValue(call, 0, results.Len())
	if first == nil {
		return false, what
	}
	refs := first.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false, what
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.Call:
			name := store.CalledName(x)
			if name == "RowsAffected" || name == "Scan" {
				n := x.Common().Signature().Results().Len()
				idx := 0
				if name == "Scan" {
					idx = n - 1
				}
				if store.ResultUsed(x, idx, n) {
					return true, ""
				}
				continue
			}
			return true, "" // passed on
		case *ssa.FieldAddr:
			if store.FieldName(x) == "Error" {
				continue // GORM's Error is not the rejection
			}
			return true, ""
		case *ssa.DebugRef:
			continue
		default:
			return true, "" // stored, returned, compared
		}
	}
	return false, what
}

// apiOutcomeSeen reports whether the outcome of a guarded API call is
// looked at: a MongoDB result's counts or SingleResult error
// (store/docstore), a leading bool (Consul CAS, Txn), a Succeeded field
// (etcd), an HTTP status, a script's result; otherwise its error.
func apiOutcomeSeen(call *ssa.Call, results *types.Tuple) (bool, string) {
	if seen, what, ok := docstore.OutcomeSeen(call, results); ok {
		return seen, what // store/docstore
	}
	n := results.Len()
	for i := 0; i < n; i++ {
		t := results.At(i).Type()
		v := store.ResultValue(call, i, n)
		switch {
		case i == 0 && store.IsBool(t):
			return v != nil && store.UsedAtAll(v), "its boolean outcome is never checked"
		case store.HasField(t, "Succeeded") && store.CalledName(call) == "Commit":
			return v != nil && store.FieldUsed(v, "Succeeded"), "Succeeded is never read"
		case store.NamedPointee(t) == "net/http.Response":
			return v != nil && store.FieldUsed(v, "StatusCode"), "the response status (409 or 412 on rejection) is never checked"
		case store.NamedPointee(t) == "github.com/redis/go-redis/v9.Cmd":
			return v != nil && store.UsedAtAll(v), "the script's result is never checked"
		}
	}
	for i := 0; i < n; i++ {
		if store.IsError(results.At(i).Type()) {
			return store.ResultUsed(call, i, n), "its error is discarded"
		}
	}
	return true, ""
}
