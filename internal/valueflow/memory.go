package valueflow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// roots finds the locations an address or a channel value denotes: the
// values it is copied from that have no source of their own in the graph
// (an Alloc, a global, a field's address, a make), looking through the
// locations pointers are stored in, memoised.
type roots struct {
	g    *Graph
	memo map[ssa.Value]rootSet
	seen map[Node]bool // scratch space of of, cleared on each call
}

// rootSet is what a value denotes: its locations, and whether code outside
// the graph may bind it (a parameter of an exported function).
type rootSet struct {
	locs []any
	open bool
}

func newRoots(g *Graph) *roots {
	return &roots{g: g, memo: make(map[ssa.Value]rootSet), seen: make(map[Node]bool)}
}

// maxRoots bounds the roots kept for one value; past it the value is its
// own root, which keeps the graph linear and makes a store through it
// reach only loads through the same value.
const maxRoots = 8

// of returns the locations v may denote.
func (r *roots) of(v ssa.Value) rootSet {
	if out, ok := r.memo[v]; ok {
		return out
	}
	r.memo[v] = rootSet{locs: []any{Cell{v}}} // a cycle denotes itself
	var out rootSet
	seen := r.seen
	clear(seen)
	var stack []Node
	if n, ok := r.g.ids[v]; ok {
		stack = append(stack, n)
	} else {
		out.locs = append(out.locs, r.location(v))
	}
	for len(stack) > 0 && len(out.locs) <= maxRoots {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		key := r.g.keys[n]
		var copies []Node
		for _, e := range r.g.pred[n] {
			switch {
			case r.g.keys[e.to] == Escape:
				out.open = true
			case e.kind == Copy:
				copies = append(copies, e.to)
			}
		}
		val, isVal := key.(ssa.Value)
		switch {
		case isVal && (len(copies) == 0 || isOrigin(val)):
			out.locs = appendUnique(out.locs, r.location(val))
		case !isVal && len(copies) == 0:
			// A location nothing is stored in here: a field or the
			// elements of a container denote themselves.
			switch key.(type) {
			case Field, Elem:
				out.locs = appendUnique(out.locs, key)
			}
		default:
			stack = append(stack, copies...)
		}
	}
	if len(out.locs) > maxRoots || len(out.locs) == 0 {
		out.locs = []any{Cell{v}}
	}
	r.memo[v] = out
	return out
}

// isOrigin reports whether v makes the object it denotes.
func isOrigin(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Alloc, *ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.MakeChan, *ssa.MakeMap, *ssa.MakeSlice:
		return true
	}
	return false
}

// location returns the location an origin value denotes.
func (r *roots) location(v ssa.Value) any {
	switch x := v.(type) {
	case *ssa.FieldAddr:
		return Field{fieldOf(x.X.Type(), x.Field)}
	case *ssa.IndexAddr:
		return Elem{elemKey(x.X.Type())}
	}
	return Cell{v}
}

// fieldOf returns field i of the struct a pointer type points to.
func fieldOf(ptr types.Type, i int) *types.Var {
	return ptr.Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct).Field(i)
}

// appendUnique appends x to s unless it is there.
func appendUnique(s []any, x any) []any {
	for _, y := range s {
		if y == x {
			return s
		}
	}
	return append(s, x)
}

// memory adds the edges of loads and stores: a store reaches the loads of
// the same location.
func (g *Graph) memory(fn *ssa.Function, r *roots) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Store:
				for _, loc := range r.of(x.Addr).locs {
					g.add(x.Val, loc, Copy)
					g.locationEscape(loc)
				}
				switch a := x.Addr.(type) {
				case *ssa.FieldAddr:
					// Code outside the package reaches what an object holds
					// in its exported fields only.
					if fieldOf(a.X.Type(), a.Field).Exported() {
						g.add(x.Val, a.X, Into)
					}
				case *ssa.IndexAddr:
					g.add(x.Val, a.X, Into)
				}
			case *ssa.UnOp:
				if x.Op == token.MUL {
					for _, loc := range r.of(x.X).locs {
						g.add(loc, x, Copy)
					}
				}
			case *ssa.FieldAddr:
				// The address of a field of what a cell holds is a part
				// of it (a struct stored whole, read field by field).
				for _, loc := range r.of(x.X).locs {
					g.add(loc, x, Part)
				}
			case *ssa.IndexAddr:
				for _, loc := range r.of(x.X).locs {
					g.add(loc, x, Part)
				}
			}
		}
	}
}

// locationEscape joins a location code outside the graph can read or
// write to Escape: an exported field, a field of another package, an
// exported global.
func (g *Graph) locationEscape(loc any) {
	switch l := loc.(type) {
	case Field:
		if l.Var.Exported() {
			g.add(loc, Escape, Copy)
		}
	case Cell:
		if gl, ok := l.Root.(*ssa.Global); ok && gl.Object() != nil && gl.Object().Exported() {
			g.add(loc, Escape, Copy)
		}
	}
}

// channels adds the edges of sends and receives: a send reaches every
// receive of the same channel, in a plain receive, a range or a select
// case.
func (g *Graph) channels(fn *ssa.Function, r *roots) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Send:
				for _, root := range r.of(x.Chan).locs {
					g.add(x.X, Chan{root}, Copy)
				}
			case *ssa.UnOp:
				if x.Op != token.ARROW {
					continue
				}
				for _, root := range r.of(x.X).locs {
					if x.CommaOk {
						g.add(Chan{root}, TupleItem{x, 0}, Copy)
					} else {
						g.add(Chan{root}, x, Copy)
					}
				}
			case *ssa.Select:
				recv := 0
				for _, st := range x.States {
					for _, root := range r.of(st.Chan).locs {
						if st.Dir == types.SendOnly {
							g.add(st.Send, Chan{root}, Copy)
						} else {
							g.add(Chan{root}, TupleItem{x, 2 + recv}, Copy)
						}
					}
					if st.Dir != types.SendOnly {
						recv++
					}
				}
			}
		}
	}
}

// ChanRoots returns where the channel value ch may have been made (a
// MakeChan, a field, a global, or an opaque value) as Chan keys, and
// whether code outside the graph may also send on it or receive from it.
func (g *Graph) ChanRoots(ch ssa.Value) (keys []Chan, escapes bool) {
	if g.chans == nil {
		g.chans = newRoots(g) // on the finished graph, once
	}
	set := g.chans.of(ch)
	escapes = set.open
	for _, root := range set.locs {
		keys = append(keys, Chan{root})
		if g.locationEscapes(root) {
			escapes = true
		}
	}
	return keys, escapes
}

// locationEscapes reports whether a channel root is reachable by code
// outside the graph: a make whose channel flows to Escape, an exported
// field or global, a parameter or result an outside caller binds.
func (g *Graph) locationEscapes(root any) bool {
	switch l := root.(type) {
	case Field:
		return l.Var.Exported()
	case Cell:
		switch v := l.Root.(type) {
		case *ssa.MakeChan, *ssa.Global:
			esc, ok := g.escapes[v]
			if !ok {
				esc = g.Reaches(v, Escape, Copy|Into)
				if g.escapes == nil {
					g.escapes = make(map[ssa.Value]bool)
				}
				g.escapes[v] = esc
			}
			return esc
		}
		return true
	}
	return true
}
