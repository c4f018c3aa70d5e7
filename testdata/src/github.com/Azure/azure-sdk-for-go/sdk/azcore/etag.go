// Package azcore synthesizes the part of github.com/Azure/azure-sdk-for-go/sdk/azcore that fencecheck's tests need, with the real signatures.
package azcore

type ETag string

const ETagAny ETag = "*"
