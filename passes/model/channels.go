package model

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Channel hand-off. A dispatcher that claims work and sends it on a channel
// hands the lease to whoever receives: when every send on a channel of the
// package happens in a lease scope, the code after a receive from that
// channel (the body of a worker's range loop) is a lease scope too. A
// channel is known by the unexported struct field that holds it, or by the
// make that creates it when it is passed to the package's own functions
// and closures only.

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
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					recv, ok := instr.(*ssa.UnOp)
					if !ok || recv.Op != token.ARROW || opened[instr] {
						continue
					}
					lease, ok := leased[m.chanIdentity(fn, recv.X, 0)]
					if !ok {
						continue
					}
					opened[instr] = true
					fi.own = append(fi.own, &scope{from: recv, lease: lease, failure: recvFailure(recv)})
					queue = append(queue, fi)
				}
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

// leasedChannels returns the channels every send on which runs in a lease
// scope, with the lease of the first send.
func (m *model) leasedChannels() map[any]Lease {
	leased := make(map[any]Lease)
	spoiled := make(map[any]bool)
	note := func(fi *funcInfo, instr ssa.Instruction, ch ssa.Value) {
		id := m.chanIdentity(fi.fn, ch, 0)
		if id == nil || spoiled[id] {
			return
		}
		lease, ok := fi.leaseAt(instr)
		if !ok {
			spoiled[id] = true
			delete(leased, id)
			return
		}
		if _, seen := leased[id]; !seen {
			leased[id] = Lease{Pos: lease.Pos, Desc: lease.Desc + "; what the channel carries is sent under it"}
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
				case *ssa.MakeChan:
					if m.escapes(x, 0) {
						spoiled[x] = true
						delete(leased, x)
					}
				}
			}
		}
	}
	return leased
}

// escapes reports whether a channel made in the package may reach code
// the model does not see: it is passed to a function of another package,
// stored, or returned.
func (m *model) escapes(ch ssa.Value, depth int) bool {
	refs := ch.Referrers()
	if refs == nil || depth > 4 {
		return refs != nil
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.Send, *ssa.UnOp, *ssa.MakeClosure, *ssa.DebugRef, *ssa.Select:
		case *ssa.ChangeType:
			if m.escapes(x, depth+1) {
				return true
			}
		case *ssa.Store:
			if _, local := x.Addr.(*ssa.Alloc); !local {
				return true
			}
		case ssa.CallInstruction:
			common := x.Common()
			if _, builtin := common.Value.(*ssa.Builtin); builtin {
				continue
			}
			if fn := common.StaticCallee(); fn == nil || m.local[fn] == nil {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// chanIdentity returns what identifies the channel v in fn: the
// unexported struct field it is loaded from, or the make that created it
// (through parameters every call of the package binds to it, and through
// variables closures capture). It returns nil when unknown.
func (m *model) chanIdentity(fn *ssa.Function, v ssa.Value, depth int) any {
	if depth > 4 {
		return nil
	}
	owner, v := resolveFree(fn, v)
	if owner == nil {
		return nil
	}
	switch x := stripConv(v).(type) {
	case *ssa.MakeChan:
		return x
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			if f := fieldAddrVar(fa); f != nil && !f.Exported() && f.Pkg() == m.pass.Pkg {
				return f
			}
		}
	case *ssa.Field:
		if f := fieldVar(x); f != nil && !f.Exported() && f.Pkg() == m.pass.Pkg {
			return f
		}
	case *ssa.Parameter:
		return m.paramChannel(owner, x, depth)
	}
	return nil
}

// paramChannel returns the channel every call of the package binds to
// parameter p of fn, or nil.
func (m *model) paramChannel(fn *ssa.Function, p *ssa.Parameter, depth int) any {
	idx := paramPos(fn, p)
	if idx < 0 || fn.Parent() != nil {
		return nil
	}
	var id any
	for _, o := range m.callersOf(fn) {
		args := o.instr.Common().Args
		if o.instr.Common().IsInvoke() || idx >= len(args) {
			return nil
		}
		got := m.chanIdentity(o.instr.Parent(), args[idx], depth+1)
		if got == nil || (id != nil && got != id) {
			return nil
		}
		id = got
	}
	return id
}
