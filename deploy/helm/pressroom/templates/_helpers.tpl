{{/* Labels of one workload; the selector uses the same two. */}}
{{- define "pressroom.labels" -}}
app.kubernetes.io/name: pressroom
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}
