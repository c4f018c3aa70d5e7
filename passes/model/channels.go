package model

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/valueflow"
)

// Channel hand-off. A dispatcher that claims work and sends it on a channel
// hands the lease to whoever receives: when every send on a channel of the
// package happens in a lease scope, the code after a receive from that
// channel (the body of a worker's range loop, a select case) is a lease
// scope too. A channel is known by where the value-flow graph says it was
// made (a make, the unexported field or the global it lives in); one that
// code outside the package may send on (it escapes, or lives in an
// exported field) is not leased.

// channelScopes opens a lease scope at every receive from a channel that
// only lease scopes send on, and propagates it to the functions called
// after the receive. A worker that receives may itself send under that
// lease, so this repeats a few times. It runs after the other scopes are
// known.
func (m *model) channelScopes() {
	opened := make(map[ssa.Instruction]bool)
	for round := 0; round < 3; round++ {
		leased := m.leasedChannels()
		if len(leased) == 0 {
			return
		}
		var queue []*funcInfo
		for _, fn := range m.funcs {
			fi := m.local[fn]
			for _, rv := range receives(fn) {
				if opened[rv.instr] {
					continue
				}
				lease, ok := m.receivedLease(leased, rv.ch)
				if !ok {
					continue
				}
				opened[rv.instr] = true
				fi.own = append(fi.own, rv.scope(lease))
				queue = append(queue, fi)
			}
		}
		if len(queue) == 0 {
			return
		}
		for len(queue) > 0 {
			fi := queue[0]
			queue = append(queue[1:], m.scopedCallees(fi)...)
		}
	}
}

// receivedLease returns the lease a receive from ch runs under: every
// channel ch may be is sent on only under a lease, and no code outside the
// package can send on it.
func (m *model) receivedLease(leased map[valueflow.Chan]Lease, ch ssa.Value) (Lease, bool) {
	keys, escapes := m.graph().ChanRoots(ch)
	if escapes || len(keys) == 0 {
		return Lease{}, false
	}
	var first Lease
	for i, k := range keys {
		l, ok := leased[k]
		if !ok {
			return Lease{}, false
		}
		if i == 0 {
			first = l
		}
	}
	return first, true
}

// receive is a receive from a channel: a plain receive (or a range over
// the channel), or a select case.
type receive struct {
	instr ssa.Instruction
	ch    ssa.Value
	// body is the block of a select case's body; nil for a plain receive.
	body *ssa.BasicBlock
	// failure are blocks entered only when the channel was closed.
	failure []*ssa.BasicBlock
}

// scope returns the lease scope the receive opens: the case body of a
// select, else the code after the receive.
func (rv receive) scope(lease Lease) *scope {
	s := &scope{lease: lease, failure: rv.failure}
	if rv.body != nil {
		s.entry = rv.body
	} else {
		s.from = rv.instr
	}
	return s
}

// receives returns the receives of fn.
func receives(fn *ssa.Function) []receive {
	var out []receive
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					out = append(out, receive{instr: x, ch: x.X, failure: recvFailure(x)})
				}
			case *ssa.Select:
				for i, st := range x.States {
					if st.Dir == types.SendOnly {
						continue
					}
					if body := selectCaseBody(x, i); body != nil {
						out = append(out, receive{instr: x, ch: st.Chan, body: body})
					}
				}
			}
		}
	}
	return out
}

// selectCaseBody returns the block that runs when case i of sel is
// chosen: the true successor of the branch on index == i.
func selectCaseBody(sel *ssa.Select, i int) *ssa.BasicBlock {
	refs := sel.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		ex, ok := r.(*ssa.Extract)
		if !ok || ex.Index != 0 || ex.Referrers() == nil {
			continue
		}
		for _, rr := range *ex.Referrers() {
			eq, ok := rr.(*ssa.BinOp)
			if !ok || eq.Op != token.EQL {
				continue
			}
			c, ok := eq.Y.(*ssa.Const)
			if !ok || c.Value == nil || c.Int64() != int64(i) {
				continue
			}
			for _, succ := range ifSuccessor(eq, 0) {
				return succ
			}
		}
	}
	return nil
}

// recvFailure returns the blocks entered when a comma-ok receive (a range
// over the channel) finds the channel closed.
func recvFailure(recv *ssa.UnOp) []*ssa.BasicBlock {
	if !recv.CommaOk || recv.Referrers() == nil {
		return nil
	}
	var out []*ssa.BasicBlock
	for _, r := range *recv.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == 1 {
			out = append(out, boolFailure(ex)...)
		}
	}
	return out
}

// sendsUnderLease reports whether some send of the package, outside its
// tests, runs under a lease.
func (m *model) sendsUnderLease() bool {
	for _, fn := range m.funcs {
		fi := m.local[fn]
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				send := false
				switch x := instr.(type) {
				case *ssa.Send:
					send = true
				case *ssa.Select:
					for _, st := range x.States {
						send = send || st.Dir == types.SendOnly
					}
				}
				if !send || m.inTestCode(instr) {
					continue
				}
				if _, ok := fi.leaseAt(instr); ok {
					return true
				}
			}
		}
	}
	return false
}

// leasedChannels returns the channels every send on which runs in a lease
// scope, with the lease of the first send. A channel code outside the
// package may send on is left out.
func (m *model) leasedChannels() map[valueflow.Chan]Lease {
	if !m.sendsUnderLease() {
		return nil // no channel can carry a lease: the graph is not needed
	}
	g := m.graph()
	leased := make(map[valueflow.Chan]Lease)
	spoiled := make(map[valueflow.Chan]bool)
	note := func(fi *funcInfo, instr ssa.Instruction, ch ssa.Value) {
		if m.inTestCode(instr) {
			return // what a test sends neither makes nor spoils a channel
		}
		keys, escapes := g.ChanRoots(ch)
		lease, ok := fi.leaseAt(instr)
		for _, id := range keys {
			if spoiled[id] {
				continue
			}
			if !ok || escapes {
				spoiled[id] = true
				delete(leased, id)
				continue
			}
			if _, seen := leased[id]; !seen {
				leased[id] = Lease{Pos: lease.Pos, Desc: lease.Desc + "; what the channel carries is sent under it"}
			}
		}
	}
	for _, fn := range m.funcs {
		fi := m.local[fn]
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Send:
					note(fi, x, x.Chan)
				case *ssa.Select:
					for _, st := range x.States {
						if st.Dir == types.SendOnly {
							note(fi, x, st.Chan)
						}
					}
				}
			}
		}
	}
	return leased
}
