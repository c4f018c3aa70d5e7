package model

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// wiredEntries returns the inventory entries of the conversions of a
// concrete type to an interface whose method another package calls under
// a lease (its LeasedCallsFact), when the concrete method's write is not
// reported (wiredWrites reports those): the method is a guarded write,
// idempotent, silent for a reason its SilentFact gives, or the type is a
// test double or an in-memory type, which does not count. One entry per
// interface method and concrete type, at the first such conversion.
func (m *model) wiredEntries() []*Entry {
	leased := make(map[string]LeasedCall)
	for _, pf := range m.pass.AllPackageFacts() {
		f, ok := pf.Fact.(*LeasedCallsFact)
		if !ok || pf.Package == m.pass.Pkg {
			continue
		}
		for _, c := range f.Calls {
			if _, seen := leased[c.Method]; !seen {
				leased[c.Method] = c
			}
		}
	}
	if len(leased) == 0 {
		return nil
	}
	var out []*Entry
	done := make(map[string]bool)
	m.interfaceConversions(func(conv ssa.Value, fn *ssa.Function, concrete types.Type, im *types.Func) {
		if c, ok := leased[im.FullName()]; ok {
			if e := m.wiredEntry(conv, fn, concrete, im, c, done); e != nil {
				out = append(out, e)
			}
		}
	})
	return out
}

// wiredEntry returns the entry of concrete, converted at conv, running im
// at the leased call c, or nil when there is nothing to say.
func (m *model) wiredEntry(conv ssa.Value, fn *ssa.Function, concrete types.Type, im *types.Func, c LeasedCall, done map[string]bool) *Entry {
	obj, _, _ := types.LookupFieldOrMethod(concrete, true, im.Pkg(), im.Name())
	method, ok := obj.(*types.Func)
	if !ok || m.inTestFile(method.Pos()) {
		return nil
	}
	key := im.FullName() + " " + types.TypeString(concrete, nil)
	if done[key] {
		return nil
	}
	implName := displayName(method, nil)
	qual := func(p *types.Package) string { return p.Name() }
	typeName := types.TypeString(concrete, qual)
	var j Judgement
	var reason string
	switch {
	case !m.countedType(concrete):
		j, reason = JudgedNotWrite, typeName+" is a test double or an in-memory type: it does not count as an implementation of "+displayName(im, nil)
	case method.Pkg() == m.pass.Pkg:
		if d := m.dirs.Func(method); d.Idempotent {
			j, reason = JudgedIdempotent, implName+" is marked //fencecheck:idempotent "+d.IdempotentReason
		} else if d.Guarded {
			j, reason = JudgedFenced, implName+" performs a token-conditional write (//fencecheck:guarded)"
		} else {
			return nil
		}
	default:
		var f FuncFact
		var s SilentFact
		switch {
		case m.pass.ImportObjectFact(method, &f) && f.Idempotent:
			j, reason = JudgedIdempotent, implName+" is marked //fencecheck:idempotent in its package"
		case f.Guarded:
			j, reason = JudgedFenced, implName+" performs a token-conditional write (its package's facts say so)"
		case len(f.Writes) == 0 && m.pass.ImportObjectFact(method, &s):
			j, reason = judgementNamed(s.Judgement), "it "+silentText(s)
		default:
			return nil
		}
	}
	done[key] = true
	pos, end := m.conversionRange(conv)
	leasePos := m.resolveSite(c.Pos)
	ifaceName := displayName(im, nil)
	lease := Lease{Pos: leasePos, Desc: c.Lease}
	e := &Entry{
		Pos: pos, End: end, Func: funcName(fn), Callee: ifaceName,
		Subject:   typeName + " used as " + types.TypeString(im.Signature().Recv().Type(), qual) + ", whose " + im.Name() + " is called under a lease at " + shortSite(c.Pos),
		Judgement: j, Reason: reason, Lease: &lease, Judges: c.Pos,
	}
	if leasePos.IsValid() {
		e.Related = append(e.Related, Related{leasePos, "called here under a lease (" + c.Lease + ")"})
	} else {
		e.Related = append(e.Related, Related{pos, "called under a lease at " + shortSite(c.Pos) + " (" + c.Lease + ")"})
	}
	return e
}
