package valueflow

import "golang.org/x/tools/go/ssa"

// Set is a set of nodes.
type Set struct{ bits []uint64 }

// Has reports whether n is in the set.
func (s *Set) Has(n Node) bool {
	i := int(n) / 64
	return s != nil && i < len(s.bits) && s.bits[i]&(1<<(uint(n)%64)) != 0
}

// add adds n and reports whether it was new.
func (s *Set) add(n Node) bool {
	i := int(n) / 64
	for i >= len(s.bits) {
		s.bits = append(s.bits, 0)
	}
	bit := uint64(1) << (uint(n) % 64)
	if s.bits[i]&bit != 0 {
		return false
	}
	s.bits[i] |= bit
	return true
}

// Label is the set of nodes a label reaches from its sources.
type Label struct {
	g   *Graph
	set Set
}

// Propagate puts a label on the sources and carries it forward along the
// edges of the given kinds. A parameter of a function is labelled only
// when every argument the graph binds to it is (the function is called
// only with the labelled value) and no code outside the graph calls it;
// every other node is labelled when one of its sources is.
func (g *Graph) Propagate(sources []ssa.Value, kinds Kind) *Label {
	return g.propagate(sources, kinds, false)
}

// PropagateInPackage is Propagate, but a parameter is labelled when every
// argument the graph binds to it is, whether or not code outside the
// graph may also call its function: for properties the package's own
// calls decide (a context every caller of the package derives from a
// lease).
func (g *Graph) PropagateInPackage(sources []ssa.Value, kinds Kind) *Label {
	return g.propagate(sources, kinds, true)
}

func (g *Graph) propagate(sources []ssa.Value, kinds Kind, inPackage bool) *Label {
	l := &Label{g: g}
	pending := make(map[Node]int) // parameters: labelled arguments so far
	var queue []Node
	for _, v := range sources {
		if n, ok := g.ids[v]; ok && l.set.add(n) {
			queue = append(queue, n)
		}
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, e := range g.succ[n] {
			if e.kind&kinds == 0 || l.set.Has(e.to) || g.keys[e.to] == Escape {
				continue
			}
			if _, ok := g.keys[e.to].(*ssa.Parameter); ok {
				pending[e.to]++
				if pending[e.to] < g.boundCount(e.to, kinds, inPackage) {
					continue
				}
			}
			if l.set.add(e.to) {
				queue = append(queue, e.to)
			}
		}
	}
	return l
}

// boundCount returns the number of edges of the given kinds into a
// parameter, or one more than that when code outside the graph binds it
// (so that it is never reached) unless only the package's calls count.
func (g *Graph) boundCount(n Node, kinds Kind, inPackage bool) int {
	count := 0
	for _, e := range g.pred[n] {
		if g.keys[e.to] == Escape {
			if inPackage {
				continue
			}
			return len(g.pred[n]) + 1
		}
		if e.kind&kinds != 0 {
			count++
		}
	}
	return count
}

// Reaches reports whether the label reaches v. A nil label reaches
// nothing: what a question with no sources gets without a graph.
func (l *Label) Reaches(v any) bool {
	if l == nil {
		return false
	}
	n, ok := l.g.ids[v]
	return ok && l.set.Has(n)
}

// Reaches reports whether a value may flow from a to b along edges of the
// given kinds (every binding of a parameter counts, as for a may-flow).
func (g *Graph) Reaches(a, b any, kinds Kind) bool {
	na, ok1 := g.ids[a]
	nb, ok2 := g.ids[b]
	if !ok1 || !ok2 {
		return false
	}
	var seen Set
	stack := []Node{na}
	seen.add(na)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nb {
			return true
		}
		for _, e := range g.succ[n] {
			if e.kind&kinds != 0 && seen.add(e.to) {
				stack = append(stack, e.to)
			}
		}
	}
	return false
}

// Sources returns the nodes a value at v may come from along edges of the
// given kinds that have no source of their own (or whose key stop accepts),
// and whether code outside the graph is among them.
func (g *Graph) Sources(v any, kinds Kind, stop func(key any) bool) (keys []any, open bool) {
	n, ok := g.ids[v]
	if !ok {
		return []any{v}, false
	}
	var seen Set
	stack := []Node{n}
	seen.add(n)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		key := g.keys[n]
		if key == Escape {
			open = true
			continue
		}
		if (stop != nil && stop(key)) || !hasPred(g, n, kinds) {
			keys = append(keys, key)
			continue
		}
		for _, e := range g.pred[n] {
			if e.kind&kinds != 0 && seen.add(e.to) {
				stack = append(stack, e.to)
			}
		}
	}
	return keys, open
}

// hasPred reports whether n has a predecessor along edges of the kinds.
func hasPred(g *Graph, n Node, kinds Kind) bool {
	for _, e := range g.pred[n] {
		if e.kind&kinds != 0 {
			return true
		}
	}
	return false
}
