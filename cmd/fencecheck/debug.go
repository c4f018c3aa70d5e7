package main

import (
	"encoding/json"
	"fmt"
	"go/types"
	"os"
	"runtime"
	"runtime/pprof"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// Hidden debugging flags of the go vet protocol, for measuring the engine
// and comparing two builds of it (internal/tools/factdiff). go vet never
// passes them and -flags does not list them: they are taken off the
// command line before the unitchecker parses it, and only a caller that
// runs the tool on a *.cfg file itself gives them.
//
//	-debug-factdump=FILE    write the facts the package exports, decoded,
//	                        one a line in a fixed order, to FILE
//	-debug-cpuprofile=FILE  write a CPU profile of the analysis to FILE
//	-debug-memprofile=FILE  write an allocation profile to FILE
//
// Profiles cover the type check and every analyzer, not the encoding of
// the fact file that follows. Nothing is written to standard output.
type debugOpts struct {
	factDump, cpuProfile, memProfile string
}

// debugFlagNames maps each hidden flag to the option it sets.
var debugFlagNames = map[string]func(*debugOpts) *string{
	"debug-factdump":   func(d *debugOpts) *string { return &d.factDump },
	"debug-cpuprofile": func(d *debugOpts) *string { return &d.cpuProfile },
	"debug-memprofile": func(d *debugOpts) *string { return &d.memProfile },
}

// takeDebugFlags removes the hidden debugging flags (-NAME=FILE, one or
// two dashes) from args and returns the rest and the options they set.
func takeDebugFlags(args []string) ([]string, debugOpts) {
	var d debugOpts
	var rest []string
	for _, a := range args {
		name, value, ok := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if set, known := debugFlagNames[name]; known && ok && strings.HasPrefix(a, "-") {
			*set(&d) = value
			continue
		}
		rest = append(rest, a)
	}
	return rest, d
}

// active reports whether any debugging output is asked for.
func (d debugOpts) active() bool {
	return d.factDump != "" || d.cpuProfile != "" || d.memProfile != ""
}

// install starts the CPU profile and returns the suite with a last
// analyzer, which requires all the others and writes the outputs once
// they have run. Each analyzer with facts reachable from the suite has
// its Run wrapped to record the facts its package exports.
func (d debugOpts) install(suite []*analysis.Analyzer) []*analysis.Analyzer {
	if !d.active() {
		return suite
	}
	var cpu *os.File
	if d.cpuProfile != "" {
		f, err := os.Create(d.cpuProfile)
		if err != nil {
			fmt.Fprintf(os.Stderr, "fencecheck: %v\n", err)
			os.Exit(exitError)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(os.Stderr, "fencecheck: %v\n", err)
			os.Exit(exitError)
		}
		cpu = f
	}
	var mu sync.Mutex
	var lines []string
	if d.factDump != "" {
		seen := make(map[*analysis.Analyzer]bool)
		var wrap func(a *analysis.Analyzer)
		wrap = func(a *analysis.Analyzer) {
			if seen[a] {
				return
			}
			seen[a] = true
			for _, r := range a.Requires {
				wrap(r)
			}
			if len(a.FactTypes) == 0 {
				return
			}
			inner := a.Run
			a.Run = func(pass *analysis.Pass) (any, error) {
				res, err := inner(pass)
				own := dumpFacts(pass, a.Name)
				mu.Lock()
				lines = append(lines, own...)
				mu.Unlock()
				return res, err
			}
		}
		for _, a := range suite {
			wrap(a)
		}
	}
	last := &analysis.Analyzer{
		Name:     "fencecheck_debug",
		Doc:      "fencecheck_debug writes the hidden debugging outputs",
		Requires: append([]*analysis.Analyzer(nil), suite...),
		Run: func(pass *analysis.Pass) (any, error) {
			if cpu != nil {
				pprof.StopCPUProfile()
				if err := cpu.Close(); err != nil {
					return nil, err
				}
			}
			if d.memProfile != "" {
				f, err := os.Create(d.memProfile)
				if err != nil {
					return nil, err
				}
				runtime.GC()
				if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
					f.Close()
					return nil, err
				}
				if err := f.Close(); err != nil {
					return nil, err
				}
			}
			if d.factDump != "" {
				mu.Lock()
				sort.Strings(lines)
				text := strings.Join(lines, "")
				mu.Unlock()
				if err := os.WriteFile(d.factDump, []byte(text), 0o644); err != nil {
					return nil, err
				}
			}
			return nil, nil
		},
	}
	return append(suite, last)
}

// dumpFacts describes the facts the pass's package exports for analyzer
// name: one line per fact, "analyzer object type value\n", the object
// named by its object path ("package" for a package fact) and the value
// in JSON (the exported fields, which are what gob encodes).
func dumpFacts(pass *analysis.Pass, name string) []string {
	var out []string
	line := func(obj string, f analysis.Fact) {
		v, err := json.Marshal(f)
		if err != nil {
			v = []byte(fmt.Sprintf("%q", err.Error()))
		}
		out = append(out, fmt.Sprintf("%s\t%s\t%T\t%s\n", name, obj, f, v))
	}
	for _, f := range pass.AllObjectFacts() {
		if f.Object.Pkg() != pass.Pkg {
			continue
		}
		path, err := objectpath.For(f.Object)
		key := string(path)
		if err != nil {
			key = "?" + types.ObjectString(f.Object, nil)
		}
		line(key, f.Fact)
	}
	for _, f := range pass.AllPackageFacts() {
		if f.Package == pass.Pkg {
			line("package", f.Fact)
		}
	}
	return out
}
