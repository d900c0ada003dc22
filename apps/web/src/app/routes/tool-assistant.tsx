export { ToolAssistantScreen as Component } from '@/features/reference/components/tool-assistant-screen';
