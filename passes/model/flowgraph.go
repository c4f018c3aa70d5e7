package model

import "github.com/fencecheck/fencecheck/internal/valueflow"

// graph returns the package's value-flow graph (internal/valueflow),
// built on first use over the package's source functions.
func (m *model) graph() *valueflow.Graph {
	if m.valueGraph == nil {
		m.valueGraph = valueflow.Build(m.funcs, valueflow.Options{})
	}
	return m.valueGraph
}
