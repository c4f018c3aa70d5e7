package main_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/fencecheck/fencecheck/internal/vetjson"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// binary builds fencecheck once per test run.
func binary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "fencecheck-bin")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "fencecheck")
		if runtime.GOOS == "windows" {
			binPath += ".exe"
		}
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// e2eModule returns the absolute path of an end-to-end module.
func e2eModule(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "e2e", name))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// runIn runs a command in dir and returns its stdout, stderr and exit code.
func runIn(t *testing.T, dir, name string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return stdout.String(), stderr.String(), code
}

// findingKeys returns "file:line: rule" for every finding of a JSON tree,
// with file relative to dir.
func findingKeys(t *testing.T, dir, jsonOut string) []string {
	t.Helper()
	tree, err := vetjson.Decode(strings.NewReader(jsonOut))
	if err != nil {
		t.Fatalf("decoding JSON: %v\n%s", err, jsonOut)
	}
	if errs := tree.Errors(); len(errs) > 0 {
		t.Fatalf("analysis errors: %v", errs)
	}
	var keys []string
	for _, f := range tree.Findings() {
		file, line, _ := vetjson.SplitPosn(f.Posn)
		rel, err := filepath.Rel(dir, file)
		if err != nil {
			rel = file
		}
		keys = append(keys, fmt.Sprintf("%s:%d: %s", filepath.ToSlash(rel), line, f.Analyzer))
	}
	sort.Strings(keys)
	return keys
}

var findingMarker = regexp.MustCompile(`// finding: ([a-z]+)`)

// expectedKeys returns "file:line: rule" for every "// finding: RULE"
// marker in the module's Go files.
func expectedKeys(t *testing.T, dir string) []string {
	t.Helper()
	var keys []string
	for _, m := range markers(t, dir) {
		if m.rule != "" {
			keys = append(keys, fmt.Sprintf("%s:%d: %s", m.file, m.line, m.rule))
		}
	}
	sort.Strings(keys)
	return keys
}

// TestEndToEnd runs the built binary on modules that import real libraries
// from the module proxy (sqlmod: database/sql and pgx; runtimeuse:
// fencecheck's own runtime helpers; catalogue: every lock, lease, queue
// and sink library the catalogue models; services: ports and adapters
// wired in main, transaction and retry helpers, lock wrappers, job structs
// that own their transaction, channel dispatchers and registered
// handlers), through go vet -vettool and
// standalone with both drivers, and checks that all three report exactly
// the marked findings.
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and downloads modules")
	}
	for _, module := range []string{"sqlmod", "runtimeuse", "catalogue", "services"} {
		t.Run(module, func(t *testing.T) { endToEnd(t, module) })
	}
}

// endToEnd checks one module.
func endToEnd(t *testing.T, module string) {
	bin := binary(t)
	dir := e2eModule(t, module)
	want := expectedKeys(t, dir)
	if len(want) == 0 {
		t.Fatal("no // finding: markers in the module")
	}

	vetOut, vetErr, code := runIn(t, dir, "go", "vet", "-vettool="+bin, "-json", "./...")
	if code != 0 {
		t.Fatalf("go vet -json exit %d\n%s", code, vetErr)
	}
	got := findingKeys(t, dir, vetOut)
	if !equal(got, want) {
		t.Errorf("go vet -vettool findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	for _, driver := range []string{"vet", "packages"} {
		out, errOut, code := runIn(t, dir, bin, "-driver="+driver, "-json", "./...")
		if code != 0 {
			t.Fatalf("fencecheck -driver=%s -json exit %d\n%s", driver, code, errOut)
		}
		if got := findingKeys(t, dir, out); !equal(got, want) {
			t.Errorf("fencecheck -driver=%s findings:\n%s\nwant:\n%s", driver, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}

	// Text mode: one line per finding and exit code 3.
	out, errOut, code := runIn(t, dir, bin, "./...")
	if code != 3 {
		t.Errorf("fencecheck ./... exit %d, want 3 (findings)\nstderr: %s", code, errOut)
	}
	if n := strings.Count(out, "\n"); n != len(want) {
		t.Errorf("text output has %d lines, want %d:\n%s", n, len(want), out)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !regexp.MustCompile(`^[^:]+\.go:\d+:\d+: .+ \((unfenced|preflight|clientcompare|weakguard|uncheckedfence)\)$`).MatchString(line) {
			t.Errorf("text line %q is not file:line:col: message (rule)", line)
		}
	}
}

// TestExitCodes checks the documented exit codes.
func TestExitCodes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	clean := t.TempDir()
	writeFile(t, filepath.Join(clean, "go.mod"), "module example.com/clean\n\ngo 1.26.0\n")
	writeFile(t, filepath.Join(clean, "a.go"), "package clean\n\nfunc F() int { return 1 }\n")
	if _, errOut, code := runIn(t, clean, bin, "./..."); code != 0 {
		t.Errorf("clean module: exit %d, want 0\n%s", code, errOut)
	}
	if _, _, code := runIn(t, clean, bin, "-no-such-flag", "./..."); code != 1 {
		t.Errorf("bad flag: exit %d, want 1", code)
	}
	if _, _, code := runIn(t, clean, bin, "-format=xml", "./..."); code != 1 {
		t.Errorf("bad format: exit %d, want 1", code)
	}
	broken := t.TempDir()
	writeFile(t, filepath.Join(broken, "go.mod"), "module example.com/broken\n\ngo 1.26.0\n")
	writeFile(t, filepath.Join(broken, "a.go"), "package broken\n\nfunc F() int { return \"x\" }\n")
	for _, driver := range []string{"vet", "packages"} {
		if _, errOut, code := runIn(t, broken, bin, "-driver="+driver, "./..."); code != 1 {
			t.Errorf("-driver=%s on a package that does not compile: exit %d, want 1\n%s", driver, code, errOut)
		}
	}
	// Nothing but findings on stdout: a clean run prints nothing.
	if out, _, _ := runIn(t, clean, bin, "./..."); out != "" {
		t.Errorf("clean run printed %q on stdout", out)
	}
}

// writeFile writes a file or fails the test.
func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// equal reports whether two sorted slices are equal.
func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestDeterministicOutput runs the binary twice on the same module, with
// each driver and with a cold go vet cache the second time, and checks that
// the JSON output is byte-identical.
func TestDeterministicOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs it four times")
	}
	bin := binary(t)
	dir := e2eModule(t, "sqlmod")
	for _, driver := range []string{"vet", "packages"} {
		var outs [2]string
		for i := range outs {
			cmd := exec.Command(bin, "-driver="+driver, "-json", "./...")
			cmd.Dir = dir
			// A fresh cache for the second run, so go vet cannot replay
			// the first run's output.
			cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOCACHE="+t.TempDir())
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("-driver=%s: %v", driver, err)
			}
			outs[i] = string(out)
		}
		if outs[0] != outs[1] {
			t.Errorf("-driver=%s: two runs printed different output", driver)
		}
		if !strings.Contains(outs[0], "unfenced") {
			t.Errorf("-driver=%s: output has no findings; the comparison is vacuous", driver)
		}
	}
}
