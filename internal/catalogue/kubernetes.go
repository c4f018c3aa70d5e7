package catalogue

import (
	"go/types"
	"strings"
)

// Import paths of the Kubernetes clients the catalogue models.
const (
	// kubeTyped is the root of client-go's generated typed clients, one
	// package per API group and version (typed/core/v1, typed/apps/v1).
	kubeTyped   = "k8s.io/client-go/kubernetes/typed"
	kubeDynamic = "k8s.io/client-go/dynamic"
)

// kubeWrites are the methods of client-go's typed and dynamic clients
// that write an object; kubeReads those that read its current state and
// version.
var (
	kubeWrites = []string{
		"Create", "Update", "UpdateStatus", "UpdateScale", "UpdateEphemeralContainers", "UpdateResize",
		"Patch", "Apply", "ApplyStatus", "ApplyScale", "Delete", "DeleteCollection",
		"Evict", "EvictV1", "EvictV1beta1", "Bind",
	}
	kubeReads = []string{"Get", "GetScale", "List"}
)

// kubernetesEntries returns the Kubernetes API part of the table. The
// typed clients are entries of a stand-in interface, "(…/typed.Interface)",
// that Lookup matches with the methods of every generated interface
// (kubeTypedEntry).
func kubernetesEntries() []Entry {
	var t []Entry
	for _, m := range kubeWrites {
		t = append(t, entry(kubeTyped, "("+kubeTyped+".Interface)."+m, KubeWrite),
			entry(kubeDynamic, "("+kubeDynamic+".ResourceInterface)."+m, KubeWrite))
	}
	for _, m := range kubeReads {
		t = append(t, entry(kubeTyped, "("+kubeTyped+".Interface)."+m, Read),
			entry(kubeDynamic, "("+kubeDynamic+".ResourceInterface)."+m, Read))
	}
	return t
}

// kubeTypedEntry returns the entry of a method of a generated typed client
// interface of client-go (a package under k8s.io/client-go/kubernetes/typed,
// the method declared on an interface), nil for any other function.
func kubeTypedEntry(fn *types.Func) *Entry {
	if fn.Pkg() == nil || !strings.HasPrefix(fn.Pkg().Path(), kubeTyped+"/") {
		return nil
	}
	recv := fn.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return nil
	}
	return index["("+kubeTyped+".Interface)."+fn.Name()]
}

// ReachesTyped reports whether an import path may hand a package the
// generated typed clients of client-go without the package importing
// them by name (the clientset, k8s.io/client-go/kubernetes).
func ReachesTyped(path string) bool { return strings.HasPrefix(path, "k8s.io/client-go/kubernetes") }

// WritesThrough reports whether a package's code selects a write method
// the catalogue models through a client whose package it need not import
// by name: the generated typed clients of client-go, reached from the
// clientset (clientset.CoreV1().Pods(ns).Delete). A package importing
// none of the catalogue's libraries is still worth reading then.
func WritesThrough(info *types.Info) bool {
	for _, sel := range info.Selections {
		if sel.Kind() != types.MethodVal {
			continue
		}
		if fn, ok := sel.Obj().(*types.Func); ok {
			if e := kubeTypedEntry(fn); e != nil && e.Class == KubeWrite {
				return true
			}
		}
	}
	return false
}
