// Package v1 synthesizes the part of k8s.io/apimachinery/pkg/apis/meta/v1 that fencecheck's tests need, with the real signatures.
package v1

import "k8s.io/apimachinery/pkg/types"

type TypeMeta struct {
	Kind       string
	APIVersion string
}

type ObjectMeta struct {
	Name            string
	Namespace       string
	UID             types.UID
	ResourceVersion string
	Labels          map[string]string
}

func (meta *ObjectMeta) SetResourceVersion(version string) { meta.ResourceVersion = version }

type Preconditions struct {
	UID             *types.UID
	ResourceVersion *string
}

type CreateOptions struct{ DryRun []string }

type UpdateOptions struct{ DryRun []string }

type PatchOptions struct{ DryRun []string }

type ApplyOptions struct{ Force bool }

type GetOptions struct{ ResourceVersion string }

type ListOptions struct{ LabelSelector string }

type DeleteOptions struct {
	GracePeriodSeconds *int64
	Preconditions      *Preconditions
}

func NewPreconditionDeleteOptions(uid string) *DeleteOptions {
	u := types.UID(uid)
	return &DeleteOptions{Preconditions: &Preconditions{UID: &u}}
}
