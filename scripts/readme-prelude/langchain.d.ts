declare const model: import('@langchain/core/language_models/chat_models').BaseChatModel;
declare const lookupOrder: import('@langchain/core/tools').StructuredToolInterface;
declare const deleteCustomer: import('@langchain/core/tools').StructuredToolInterface;
