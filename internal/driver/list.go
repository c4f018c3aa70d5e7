package driver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strings"
)

// listed is a package as go list -e -json prints it.
type listed struct {
	ImportPath string
	Name       string
	ForTest    string
	Error      *listError
	DepsErrors []*listError
	Deps       []string
}

// listError is a package error as go list prints it.
type listError struct {
	ImportStack []string
	Pos         string
	Err         string
}

// listFields are the fields list asks for. The embed fields make the go
// command match the embed patterns, as a build does: an embed pattern
// that matches no file is an error of the package.
const listFields = "ImportPath,Name,ForTest,Error,DepsErrors,Deps,EmbedFiles,TestEmbedFiles,XTestEmbedFiles"

// list runs go list -e -test on the patterns: every package they match
// and its test variants, with the errors that keep them from loading.
func list(opts Options) ([]listed, error) {
	args := []string{"list", "-e", "-test", "-json=" + listFields}
	if opts.Tags != "" {
		args = append(args, "-tags="+opts.Tags)
	}
	args = append(args, opts.Patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = opts.Dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("go list: %s", msg)
	}
	return decodeList(&stdout)
}

// decodeList reads go list -json's stream of packages.
func decodeList(r io.Reader) ([]listed, error) {
	var pkgs []listed
	dec := json.NewDecoder(r)
	for {
		var p listed
		err := dec.Decode(&p)
		if errors.Is(err, io.EOF) {
			return pkgs, nil
		}
		if err != nil {
			return pkgs, fmt.Errorf("reading go list's JSON: %v", err)
		}
		pkgs = append(pkgs, p)
	}
}

// isTestMain reports whether p is the generated main package of a test
// binary, which has no files of its own.
func (p *listed) isTestMain() bool {
	return p.ForTest == "" && p.Name == "main" && strings.HasSuffix(p.ImportPath, ".test")
}

// base is the import path of the package p is a variant of: "x" for x,
// "x [x.test]" and "x_test [x.test]".
func (p *listed) base() string {
	if p.ForTest != "" {
		return p.ForTest
	}
	return stripVariant(p.ImportPath)
}

// stripVariant removes the suffix of a test variant's path: " [x.test]",
// or " (test)" as go list writes it in an import stack.
func stripVariant(path string) string {
	if i := strings.Index(path, " ["); i >= 0 {
		return path[:i]
	}
	return strings.TrimSuffix(path, " (test)")
}

// loadFailures maps the import path of each package that does not load
// (it, its tests or a dependency) to its first error, on one line.
func loadFailures(pkgs []listed) map[string]string {
	failed := make(map[string]string)
	for i := range pkgs {
		p := &pkgs[i]
		if p.isTestMain() {
			continue
		}
		base := p.base()
		if _, ok := failed[base]; ok {
			continue
		}
		if p.Error != nil {
			failed[base] = describe(base, p.Error)
		} else if len(p.DepsErrors) > 0 {
			failed[base] = describe(base, p.DepsErrors[0])
		}
	}
	return failed
}

// describe formats a go list error of the package base: where and what,
// and which dependency it is in when it is not base's own.
func describe(base string, e *listError) string {
	msg := e.Err
	if e.Pos != "" && !strings.HasPrefix(msg, e.Pos) {
		msg = e.Pos + ": " + msg
	}
	msg = oneLine(msg)
	if n := len(e.ImportStack); n > 0 {
		if dep := stripVariant(e.ImportStack[n-1]); dep != base && dep != base+"_test" {
			return fmt.Sprintf("its dependency %s does not load: %s", dep, msg)
		}
	}
	return msg
}

// oneLine joins the lines of a message, dropping their indentation.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// loadable returns, in go list's order, the import paths of the packages
// that are not in failed.
func loadable(pkgs []listed, failed map[string]string) []string {
	var out []string
	seen := make(map[string]bool)
	for i := range pkgs {
		p := &pkgs[i]
		base := p.base()
		if p.isTestMain() || seen[base] {
			continue
		}
		seen[base] = true
		if _, bad := failed[base]; !bad {
			out = append(out, base)
		}
	}
	return out
}

// countPackages counts the packages of the list, a package and its test
// variants once.
func countPackages(pkgs []listed) int {
	seen := make(map[string]bool)
	for i := range pkgs {
		if !pkgs[i].isTestMain() {
			seen[pkgs[i].base()] = true
		}
	}
	return len(seen)
}

// parseVetStderr splits go vet's error output into the blocks it prints
// for each package whose build or analysis failed ("# import/path" and
// the output), keeping the first error of each (its first line and the
// indented lines that continue it, on one line) by the package's import
// path (test variants under the package's), and returns the other lines.
// The go command's progress lines (downloading, finding modules) are
// dropped.
func parseVetStderr(stderr []byte) (firsts map[string]string, rest []string) {
	firsts = make(map[string]string)
	current := ""  // the block's package; "" outside a block
	first := false // the line continues the block's first error
	for _, line := range strings.Split(string(stderr), "\n") {
		indented := strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")
		switch {
		case strings.HasPrefix(line, "# "):
			current, first = stripVariant(strings.TrimSpace(line[2:])), false
			if _, ok := firsts[current]; !ok && current != "" {
				firsts[current] = ""
			}
		case strings.TrimSpace(line) == "":
		case isProgress(line):
		case current != "":
			switch {
			case firsts[current] == "":
				firsts[current], first = oneLine(line), true
			case first && indented:
				firsts[current] += " " + oneLine(line)
			default:
				first = false
			}
		default:
			rest = append(rest, line)
		}
	}
	for pkg, msg := range firsts {
		if msg == "" {
			firsts[pkg] = "failed with no message"
		}
	}
	return firsts, rest
}

// isProgress reports whether a line of the go command's output is a
// progress note, not an error.
func isProgress(line string) bool {
	for _, p := range []string{"go: downloading ", "go: finding module ", "go: found "} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return false
}

// buildFailures maps each listed package that is not in failed and that
// failed in go vet (built: the package blocks of its output), or depends
// on a package that did, to the first error. It also returns the blocks
// of built that no failure accounts for, as "package: error".
func buildFailures(pkgs []listed, failed, built map[string]string) (out map[string]string, unused []string) {
	out = make(map[string]string)
	if len(built) == 0 {
		return out, nil
	}
	used := make(map[string]bool)
	deps := make(map[string]map[string]bool) // base → import paths it depends on
	var order []string
	for i := range pkgs {
		p := &pkgs[i]
		if p.isTestMain() {
			continue
		}
		base := p.base()
		if deps[base] == nil {
			deps[base] = make(map[string]bool)
			order = append(order, base)
		}
		for _, d := range p.Deps {
			deps[base][stripVariant(d)] = true
		}
	}
	for _, base := range order {
		if _, ok := failed[base]; ok {
			continue
		}
		if msg, ok := built[base]; ok {
			out[base], used[base] = msg, true
			continue
		}
		if msg, ok := built[base+"_test"]; ok { // its external tests
			out[base], used[base+"_test"] = msg, true
			continue
		}
		var bad []string
		for d := range deps[base] {
			if _, ok := built[d]; ok && d != base {
				bad = append(bad, d)
			}
		}
		if len(bad) > 0 {
			sort.Strings(bad)
			out[base] = fmt.Sprintf("its dependency %s does not build: %s", bad[0], built[bad[0]])
			for _, d := range bad {
				used[d] = true
			}
		}
	}
	for pkg, msg := range built {
		if !used[pkg] {
			if _, ok := failed[pkg]; !ok {
				unused = append(unused, pkg+": "+msg)
			}
		}
	}
	sort.Strings(unused)
	return out, unused
}
