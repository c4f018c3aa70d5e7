package main_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestConfigFile runs the binary on the golangci-lint fixture, whose
// .fencecheck.yaml declares a sink and disables a rule: the findings the
// file gives (found from the module root and from a subdirectory, or named
// with -config) are the ones the equivalent flags give, through the
// standalone driver and through go vet with -print-flags' output, and the
// file is needed for the sink's finding. A misspelt key fails the run
// with the file and line.
func TestConfigFile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	dir := e2eModule(t, "golangci")
	// The marked findings, and the one golangci-lint's //nolint hides.
	want := append(expectedKeys(t, dir), nolintKeys(t, dir)...)
	slices.Sort(want)
	flags := []string{"-clientcompare=false", "-fencecheck.sink=(*example.com/gclfixture/jobs.Cache).Put"}

	out, errOut, code := runIn(t, dir, bin, "-print-flags")
	if code != 0 || out != strings.Join(flags, "\n")+"\n" {
		t.Errorf("-print-flags: exit %d, output:\n%s\nwant:\n%s\n%s", code, out, strings.Join(flags, "\n"), errOut)
	}
	// Command-line flags add to the file's.
	out, _, _ = runIn(t, dir, bin, "-print-flags", "-fencecheck.sink=example.com/x.Y", "-fencecheck.fencing-header=X-Fence")
	if !strings.Contains(out, "-fencecheck.sink=(*example.com/gclfixture/jobs.Cache).Put,example.com/x.Y\n") || !strings.Contains(out, "-fencecheck.fencing-header=X-Fence\n") {
		t.Errorf("-print-flags with flags:\n%s", out)
	}

	check := func(name, runDir string, args ...string) []string {
		t.Helper()
		out, errOut, code := runIn(t, runDir, args[0], args[1:]...)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", name, code, errOut)
		}
		got := findingKeys(t, dir, out)
		if !slices.Equal(got, want) {
			t.Errorf("%s findings:\n%s\nwant:\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		return got
	}
	for _, driver := range []string{"vet", "packages"} {
		check("the file, -driver="+driver, dir, bin, "-driver="+driver, "-json", "./...")
		check("the flags, -driver="+driver, dir, append([]string{bin, "-driver=" + driver, "-config=off", "-json"}, append(flags, "./...")...)...)
	}
	check("the file from a subdirectory", filepath.Join(dir, "jobs"), bin, "-json", ".")
	check("go vet with -print-flags", dir, append([]string{"go", "vet", "-vettool=" + bin, "-json"}, append(flags, "./...")...)...)
	elsewhere := t.TempDir()
	copyFile(t, filepath.Join(dir, ".fencecheck.yaml"), filepath.Join(elsewhere, "team.yaml"))
	check("-config FILE", dir, bin, "-config="+filepath.Join(elsewhere, "team.yaml"), "-json", "./...")

	// Without the file the sink is unknown: its finding goes.
	out, errOut, _ = runIn(t, dir, bin, "-config=off", "-json", "./...")
	if got := findingKeys(t, dir, out); len(got) != len(want)-1 {
		t.Errorf("-config=off: findings %q, want one fewer than %q\n%s", got, want, errOut)
	}

	// Errors name the file and line.
	bad := t.TempDir()
	writeFile(t, filepath.Join(bad, "go.mod"), "module example.com/bad\n\ngo 1.26.0\n")
	writeFile(t, filepath.Join(bad, "a.go"), "package bad\n")
	for content, msg := range map[string]string{
		"sink: [a.B]\n# a comment\nsinks: [a.C]\n": `.fencecheck.yaml:3: unknown key "sinks"`,
		"acquire:\n  - a.B\n  - (*a.T\n":           `.fencecheck.yaml:3: acquire: "(*a.T"`,
		"disable: [unfenced]\nenable: [nosuch]\n":  `.fencecheck.yaml:2: enable: unknown analyzer "nosuch"`,
	} {
		writeFile(t, filepath.Join(bad, ".fencecheck.yaml"), content)
		_, errOut, code := runIn(t, bad, bin, "./...")
		if code != 1 || !strings.Contains(errOut, filepath.Join(bad, msg)) {
			t.Errorf("%q: exit %d, want 1 and %q in:\n%s", content, code, msg, errOut)
		}
	}
}

// nolintKeys returns "file:line: unfenced" for the fixture's
// //nolint:fencecheck lines, which the standalone driver reports.
func nolintKeys(t *testing.T, dir string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "jobs", "jobs.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, "//nolint:fencecheck") {
			out = append(out, fmt.Sprintf("jobs/jobs.go:%d: unfenced", i+1))
		}
	}
	if len(out) == 0 {
		t.Fatal("no //nolint:fencecheck line in the fixture")
	}
	return out
}

// copyFile copies a file or fails the test.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, to, string(data))
}
