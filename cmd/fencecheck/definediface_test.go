package main_test

import (
	"strings"
	"testing"
)

// TestDefinedInterfaceType runs go vet -vettool and both drivers on a
// defined type over another package's interface with an unexported method
// (type ReaderOption stream.ConsumerOption), used from a third package:
// the type checker must accept it, as the go command's does, and the
// third package's finding must be reported.
func TestDefinedInterfaceType(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	dir := e2eModule(t, "definediface")
	want := expectedKeys(t, dir)
	if len(want) == 0 {
		t.Fatal("no // finding: markers in the module")
	}
	out, errOut, code := runIn(t, dir, "go", "vet", "-vettool="+bin, "-json", "./...")
	if code != 0 || strings.Contains(errOut, "does not implement") {
		t.Fatalf("go vet -vettool -json: exit %d\n%s", code, errOut)
	}
	if got := findingKeys(t, dir, out); !equal(got, want) {
		t.Errorf("go vet -vettool findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, driver := range []string{"vet", "packages"} {
		out, errOut, code := runIn(t, dir, bin, "-driver="+driver, "-json", "./...")
		if code != 0 {
			t.Fatalf("fencecheck -driver=%s -json: exit %d\n%s", driver, code, errOut)
		}
		if got := findingKeys(t, dir, out); !equal(got, want) {
			t.Errorf("fencecheck -driver=%s findings:\n%s\nwant:\n%s", driver, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
