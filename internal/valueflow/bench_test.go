package valueflow_test

import (
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/fencecheck/fencecheck/internal/valueflow"
)

// BenchmarkBuild measures the graph's construction over the source
// functions of a large standard-library package, and reports its size
// per SSA instruction.
func BenchmarkBuild(b *testing.B) {
	for _, path := range []string{"net/http", "go/types"} {
		b.Run(path, func(b *testing.B) {
			cfg := &packages.Config{Mode: packages.LoadAllSyntax}
			pkgs, err := packages.Load(cfg, path)
			if err != nil || packages.PrintErrors(pkgs) > 0 {
				b.Fatalf("load %s: %v", path, err)
			}
			prog, spkgs := ssautil.Packages(pkgs, ssa.InstantiateGenerics)
			prog.Build()
			var fns []*ssa.Function
			instrs := 0
			var add func(fn *ssa.Function)
			add = func(fn *ssa.Function) {
				fns = append(fns, fn)
				for _, blk := range fn.Blocks {
					instrs += len(blk.Instrs)
				}
				for _, c := range fn.AnonFuncs {
					add(c)
				}
			}
			for fn := range ssautil.AllFunctions(prog) {
				if fn.Pkg == spkgs[0] && fn.Parent() == nil && fn.Synthetic == "" {
					add(fn)
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			var g *valueflow.Graph
			for i := 0; i < b.N; i++ {
				g = valueflow.Build(fns, valueflow.Options{})
			}
			b.ReportMetric(float64(instrs), "instrs")
			b.ReportMetric(float64(g.Len())/float64(instrs), "nodes/instr")
		})
	}
}
