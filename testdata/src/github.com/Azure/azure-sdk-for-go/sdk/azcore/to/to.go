// Package to synthesizes the part of github.com/Azure/azure-sdk-for-go/sdk/azcore/to that fencecheck's tests need, with the real signatures.
package to

func Ptr[T any](v T) *T { return &v }
