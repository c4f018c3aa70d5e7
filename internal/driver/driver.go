// Package driver runs analyzers over packages named by patterns and returns
// the results as a go vet JSON tree. It has two back ends: one that runs
// "go vet -vettool" on the running binary (package by package, facts in
// files, results cached by the go command), and one that loads every
// package in one process with go/packages and x/tools' checker.
//
// Both analyse every package that loads. A package that does not (a file
// that does not parse, an embed pattern that matches no file, an import
// no module provides, a dependency that does not build) is skipped and
// reported once in Run.Failed, with the first error, and in the tree as
// an error of the LoadError analyzer; the others are analysed as usual.
package driver

import (
	"bytes"
	"fmt"
	"os/exec"
	"sort"
	"strings"

	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// LoadError is the analyzer name under which the tree records a package
// that was not analysed: go vet's JSON tree has a place for an error only
// under an analyzer.
const LoadError = "fencecheck"

// Options configures a run.
type Options struct {
	// Dir is the directory the patterns are relative to; "" for the
	// current directory.
	Dir string
	// Patterns name the packages, as for go build.
	Patterns []string
	// Tests includes test files.
	Tests bool
	// Tags are build tags.
	Tags string
	// SanityCheck makes the packages back end check that every fact
	// encodes and decodes, deterministically (x/tools checker's
	// SanityCheck); the vet back end ignores it.
	SanityCheck bool
}

// Failure is a package that was not analysed.
type Failure struct {
	// Package is its import path (for a pattern that names no package,
	// the pattern).
	Package string
	// Err is the first error that stopped it, on one line: its own, or
	// that of the dependency that does not load or build, which it names.
	Err string
}

// String returns "package: error".
func (f Failure) String() string { return f.Package + ": " + f.Err }

// Run is the outcome of a run.
type Run struct {
	// Tree holds the results of the analysed packages, and for each
	// failed one an error under the LoadError analyzer.
	Tree vetjson.Tree
	// Failed lists the packages that were not analysed, once each,
	// sorted by import path.
	Failed []Failure
	// Analysed is the number of packages analysed when some failed (a
	// package and its tests count once); 0 when none failed.
	Analysed int
}

// addFailures records the failures in the run and its tree, sorted.
func (r *Run) addFailures(failed map[string]string) {
	for pkg, msg := range failed {
		r.Failed = append(r.Failed, Failure{Package: pkg, Err: msg})
		if r.Tree[pkg] == nil {
			r.Tree[pkg] = make(map[string]vetjson.Result)
		}
		r.Tree[pkg][LoadError] = vetjson.Result{Error: msg}
	}
	sort.Slice(r.Failed, func(i, j int) bool { return r.Failed[i].Package < r.Failed[j].Package })
}

// Vet runs go vet -vettool=tool -json with the given tool flags and
// returns the merged tree. The go command type-checks and analyses each
// package in its own process and caches the results.
//
// The go command stops before analysing anything when one package does
// not load, and skips the packages that depend on one that does not
// build. So when go vet fails, Vet lists the packages (go list -e), runs
// go vet again on those that load, and reports the others, and those
// that the go command reported as not building together with the
// packages that import them, in Run.Failed. The error is for a failure
// that is not one package's: the go command could not run or list the
// packages, or printed an error Vet cannot attribute to a package.
func Vet(tool string, toolFlags []string, opts Options) (*Run, error) {
	res, err := vet(tool, toolFlags, opts, opts.Patterns)
	if err != nil || !res.failed {
		return &Run{Tree: res.tree}, err
	}
	pkgs, listErr := list(opts)
	if listErr != nil {
		return &Run{Tree: res.tree}, fmt.Errorf("go vet failed:\n%s\nlisting the packages to find those that load failed too: %v", res.message(), listErr)
	}
	failed := loadFailures(pkgs)
	if len(failed) > 0 {
		res = vetResult{tree: make(vetjson.Tree)}
		if good := loadable(pkgs, failed); len(good) > 0 {
			if res, err = vetAll(tool, toolFlags, opts, good); err != nil {
				run := &Run{Tree: res.tree}
				run.addFailures(failed)
				return run, err
			}
		}
	}
	var runErr error
	if res.failed {
		built, rest := parseVetStderr(res.stderr)
		more, unused := buildFailures(pkgs, failed, built)
		for pkg, msg := range more {
			failed[pkg] = msg
		}
		rest = append(rest, unused...)
		if len(rest) > 0 || len(built) == 0 {
			msg := strings.Join(rest, "\n")
			if len(rest) == 0 {
				msg = res.message()
			}
			runErr = fmt.Errorf("go vet failed:\n%s", msg)
		}
	}
	run := &Run{Tree: res.tree}
	run.addFailures(failed)
	if len(failed) > 0 {
		run.Analysed = countPackages(pkgs) - len(failed)
	}
	return run, runErr
}

// vetResult is the outcome of one go vet command.
type vetResult struct {
	tree   vetjson.Tree
	stderr []byte
	failed bool // it exited non-zero
}

// message is go vet's error output, or a note that it printed none.
func (r vetResult) message() string {
	if msg := strings.TrimSpace(string(r.stderr)); msg != "" {
		return msg
	}
	return "exit status 1, no message"
}

// maxArgs bounds the bytes of import paths vetAll passes to one go vet
// command, well below the smallest command-line limit (Windows', 32 KiB).
const maxArgs = 24 << 10

// vetAll runs go vet on the packages, as many commands as the length of
// their paths needs, and merges the results.
func vetAll(tool string, toolFlags []string, opts Options, pkgs []string) (vetResult, error) {
	all := vetResult{tree: make(vetjson.Tree)}
	for _, batch := range batches(pkgs, maxArgs) {
		res, err := vet(tool, toolFlags, opts, batch)
		all.tree.Merge(res.tree)
		all.stderr = append(all.stderr, res.stderr...)
		all.failed = all.failed || res.failed
		if err != nil {
			return all, err
		}
	}
	return all, nil
}

// batches splits args, in order, into runs of at most max bytes (with a
// separator after each); an argument longer than max is a run of its own.
func batches(args []string, max int) [][]string {
	var out [][]string
	for len(args) > 0 {
		n, size := 0, 0
		for n < len(args) && (n == 0 || size+len(args[n])+1 <= max) {
			size += len(args[n]) + 1
			n++
		}
		out = append(out, args[:n])
		args = args[n:]
	}
	return out
}

// vet runs go vet once on the patterns and decodes its JSON. The error
// is for a go command that did not run, or JSON that does not decode.
func vet(tool string, toolFlags []string, opts Options, patterns []string) (vetResult, error) {
	args := []string{"vet", "-vettool=" + tool, "-json"}
	if opts.Tags != "" {
		args = append(args, "-tags="+opts.Tags)
	}
	args = append(args, toolFlags...)
	args = append(args, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = opts.Dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	tree, decodeErr := vetjson.Decode(&stdout)
	res := vetResult{tree: tree, stderr: stderr.Bytes()}
	if _, exited := runErr.(*exec.ExitError); exited {
		res.failed = true
	} else if runErr != nil {
		return res, fmt.Errorf("running go vet: %v", runErr)
	}
	if decodeErr != nil {
		return res, decodeErr
	}
	return res, nil
}
