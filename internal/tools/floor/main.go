// Command floor is the do-nothing baseline for fencecheck's performance
// measurements: the same binary shape and drivers, with one analyzer that
// exports a fact for every function but finds nothing. Its cost is the
// load and type-check floor (with fact files) fencecheck is measured
// against.
//
//	go build -o /tmp/floor ./internal/tools/floor
//	/tmp/floor ./...                      # go vet -vettool driver
//	/tmp/floor -driver=packages ./...     # go/packages driver
package main

import (
	"flag"
	"fmt"
	"go/types"
	"os"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/fencecheck/fencecheck/internal/driver"
)

// seen is the fact the floor analyzer exports.
type seen struct{ Calls int }

// AFact marks seen as a fact.
func (*seen) AFact() {}

// nop exports one fact per package-level function and reports nothing.
var nop = &analysis.Analyzer{
	Name:       "floor",
	Doc:        "floor: do nothing, at the cost of loading and type-checking",
	FactTypes:  []analysis.Fact{new(seen)},
	ResultType: reflect.TypeFor[int](),
	Run: func(pass *analysis.Pass) (any, error) {
		n := 0
		scope := pass.Pkg.Scope()
		for _, name := range scope.Names() {
			if fn, ok := scope.Lookup(name).(*types.Func); ok {
				pass.ExportObjectFact(fn, &seen{Calls: n})
				n++
			}
		}
		return n, nil
	},
}

func main() {
	for _, a := range os.Args[1:] {
		if a == "-V=full" || a == "-flags" || len(a) > 4 && a[len(a)-4:] == ".cfg" {
			unitchecker.Main(nop)
		}
	}
	fs := flag.NewFlagSet("floor", flag.ExitOnError)
	backend := fs.String("driver", "vet", "vet or packages")
	fs.Parse(os.Args[1:])
	opts := driver.Options{Patterns: fs.Args(), Tests: true}
	var run *driver.Run
	var err error
	if *backend == "packages" {
		run, err = driver.Packages([]*analysis.Analyzer{nop}, opts)
	} else {
		self, _ := os.Executable()
		run, err = driver.Vet(self, nil, opts)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, f := range run.Failed {
		fmt.Fprintf(os.Stderr, "%s: not analysed: %s\n", f.Package, f.Err)
	}
	if len(run.Failed) > 0 {
		os.Exit(1)
	}
}
