package model

import (
	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/config"
)

// Test leases stay in tests. A test that takes a lock and calls the
// production helpers it tests does not make them lease scopes: a scope
// opened in a _test.go file spreads only to functions of test files, a
// handler a test registers is no scope, and what a test allocates or
// sends neither makes nor spoils a type or a channel that carries the
// lease. Writes made in test files are not
// reported unless -fencecheck.report-tests is set.

// testToProduction reports whether instr, in a test file, would carry a
// lease into callee, a function of a production file.
func (m *model) testToProduction(instr ssa.Instruction, callee *ssa.Function) bool {
	return m.inTestCode(instr) && !m.inTestFile(callee.Pos())
}

// inTestCode reports whether instr is in a _test.go file.
func (m *model) inTestCode(instr ssa.Instruction) bool {
	return m.inTestFile(instr.Parent().Pos()) || m.inTestFile(instr.Pos())
}

// reportedWrites drops the writes made in test files unless they are
// asked for.
func (m *model) reportedWrites(ws []*Write) []*Write {
	if config.ReportTests() {
		return ws
	}
	out := ws[:0]
	for _, w := range ws {
		if !m.inTestFile(w.Pos) {
			out = append(out, w)
		}
	}
	return out
}
