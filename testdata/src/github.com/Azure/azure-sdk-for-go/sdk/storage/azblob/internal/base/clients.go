// Package base synthesizes the part of github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/internal/base that fencecheck's tests need, with the real signatures.
package base

type CompositeClient[T, U any] struct{}
