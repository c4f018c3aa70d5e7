// Package valueflow builds one value-flow graph over the SSA functions of
// a package and answers, on it, where values come from and which labels
// reach them.
//
// Nodes are SSA values and the abstract locations values move through: a
// struct field (whatever the value it belongs to), the cell a pointer root
// (a local variable, a global, an opaque pointer) points to, the elements
// of a container type, what a channel carries, the i-th result of a
// function, what contexts hold under a key, and the outside world (Escape).
// Edges cover every way a value moves in Go: phi, conversions, interface
// make and assertion, extract; stores to loads of the same location;
// closure bindings to free variables at any depth; sends to receives of
// the same channel, including select cases and range; context.WithValue to
// ctx.Value of the same key; arguments to parameters and returns to results
// of the calls the graph resolves (static calls, function values, closures,
// interface calls resolved to the package's own implementations); and the
// flows a Summary says a call outside the graph has.
//
// The graph is flow-insensitive and context-insensitive: a value that may
// reach a node on some execution does. Construction visits each
// instruction a bounded number of times, so it is linear in the size of
// the package. The graph knows no library: what a lease, a token or a
// probe is stays with its caller, which puts labels on nodes (Propagate)
// and asks which reach a node.
package valueflow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Node identifies a node of the graph.
type Node int32

// Kind says how a value moves along an edge.
type Kind uint8

// The kinds of edges.
const (
	// Copy: the same value, or a value standing for it (a phi, a
	// conversion, an argument bound to a parameter, a load of what was
	// stored).
	Copy Kind = 1 << iota
	// Part: a part of the value (a field of a struct, an element, the
	// memory an address points to, a context derived from a context).
	Part
	// Into: a value stored in an exported field or an element of an
	// object, to the object (what escapes with the object).
	Into
)

// Field is the location of a struct field, whatever the value it belongs
// to: a store to the field of one value reaches loads of the same field
// of every value of the type.
type Field struct{ Var *types.Var }

// Cell is what a pointer root points to: a local variable (Alloc), a
// global, or the target of a pointer the graph cannot trace further.
type Cell struct{ Root ssa.Value }

// Elem holds the elements of every container of one element type
// (slices, arrays and pointers to arrays share one; maps have their own).
type Elem struct{ Key string }

// Chan is what a channel carries; Root is where the channel was made, or
// the field or global it lives in.
type Chan struct{ Root any }

// Result is the Index-th result of Fn.
type Result struct {
	Fn    *ssa.Function
	Index int
}

// TupleItem is the Index-th component of a tuple-valued instruction (a
// call's results, the cases of a select).
type TupleItem struct {
	Tuple ssa.Value
	Index int
}

// CtxValue holds what contexts carry under one key (context.WithValue).
type CtxValue struct{ Key string }

// escape is the outside world: code the graph does not see.
type escape struct{}

// Escape is the key of the node that stands for code outside the graph.
var Escape any = escape{}

type edge struct {
	to   Node
	kind Kind
}

// Graph is a value-flow graph. Build makes it; its edges do not change
// after, and its queries memoise: it is not safe for concurrent use.
type Graph struct {
	ids  map[any]Node
	keys []any
	succ [][]edge
	pred [][]edge
	fns  map[*ssa.Function]bool
	opts Options
	// chans memoises the roots ChanRoots finds on the finished graph.
	chans *roots
	// escapes memoises whether a make or a global reaches Escape.
	escapes map[ssa.Value]bool
}

// Options tell the graph what it cannot see for itself.
type Options struct {
	// Implementations returns the functions of the graph an interface
	// call may run; nil means the graph's own resolution (the methods of
	// the graph's named types that implement the interface).
	Implementations func(call *ssa.CallCommon) []*ssa.Function
	// Summary returns the flows of a call to a function outside the
	// graph; nil means none.
	Summary func(call *ssa.CallCommon) []Flow
	// External reports whether code outside the graph may call fn (so its
	// parameters may hold any value and its results escape); nil means
	// exported functions and methods.
	External func(fn *ssa.Function) bool
}

// Flow is a flow of a call to a function outside the graph, in the indices
// of the call's arguments (the receiver first for a method call) and
// results.
type Flow struct {
	// From is the argument the value comes from.
	From int
	// To is the result it reaches; -1 for the whole result.
	To int
}

// Len returns the number of nodes.
func (g *Graph) Len() int { return len(g.keys) }

// node returns the node of key, creating it.
func (g *Graph) node(key any) Node {
	if n, ok := g.ids[key]; ok {
		return n
	}
	n := Node(len(g.keys))
	g.ids[key] = n
	g.keys = append(g.keys, key)
	g.succ = append(g.succ, nil)
	g.pred = append(g.pred, nil)
	return n
}

// add adds an edge from a to b.
func (g *Graph) add(a, b any, kind Kind) {
	if a == nil || b == nil {
		return
	}
	if v, ok := a.(ssa.Value); ok && isConst(v) {
		return
	}
	na, nb := g.node(a), g.node(b)
	if na == nb {
		return
	}
	// Only a repeat of the last edge is dropped: a duplicate further back
	// changes no answer (labels are sets, and a parameter's bindings are
	// counted the same way on both sides), and a full check would make
	// nodes of high degree (Escape, a popular field) quadratic.
	if out := g.succ[na]; len(out) > 0 && out[len(out)-1] == (edge{nb, kind}) {
		return
	}
	g.succ[na] = append(g.succ[na], edge{nb, kind})
	g.pred[nb] = append(g.pred[nb], edge{na, kind})
}

// isConst reports whether v is a constant or a function: values that come
// from nowhere and carry nothing.
func isConst(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Const:
		return true
	}
	return false
}
