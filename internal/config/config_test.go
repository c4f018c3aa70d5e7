package config

import (
	"flag"
	"testing"
)

func TestFlags(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	Register(fs)
	args := []string{
		"-acquire=example.com/locks.Take,(*example.com/locks.Client).Lock",
		"-guarded=(*example.com/store.Store).Save:2",
		"-fencing-header=X-Fence",
	}
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	defer func() { current = Settings{Header: "Fencing-Token", Guarded: guarded{}} }()
	if c, ok := Lookup("(*example.com/locks.Client).Lock"); !ok || !c.Acquire {
		t.Errorf("Lock: %+v %v, want acquire", c, ok)
	}
	if c, ok := Lookup("(*example.com/store.Store).Save"); !ok || !c.Guarded || c.TokenParam != 2 {
		t.Errorf("Save: %+v %v, want guarded(2)", c, ok)
	}
	if _, ok := Lookup("example.com/locks.Other"); ok {
		t.Error("an unnamed function was found")
	}
	if FencingHeader() != "X-Fence" {
		t.Errorf("header %q", FencingHeader())
	}
	if !Mentions("example.com/locks") || !Mentions("example.com/store") || Mentions("example.com/other") {
		t.Error("Mentions does not follow the flags")
	}
}

func TestSplitList(t *testing.T) {
	got := splitList(" a.F , (*b.T).M,(c.U).N ,")
	want := []string{"a.F", "(*b.T).M", "(c.U).N"}
	if len(got) != len(want) {
		t.Fatalf("%q", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%q, want %q", got, want)
		}
	}
}
