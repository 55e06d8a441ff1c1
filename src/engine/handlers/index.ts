import type { AnyHandler } from './types.ts';
import { authGetUiVersion } from './auth/authGetUiVersion.ts';
import { authResendOtp } from './auth/authResendOtp.ts';
import { authSendOrgDetails } from './auth/authSendOrgDetails.ts';
import { authSignIn } from './auth/authSignIn.ts';
import { authSignOut } from './auth/authSignOut.ts';
import { authVerifyOtp } from './auth/authVerifyOtp.ts';
import { appCheckSubscriptionExists } from './billing/appCheckSubscriptionExists.ts';
import { appGetOrgMetaData } from './billing/appGetOrgMetaData.ts';
import { devMailbox } from './dev/devMailbox.ts';
import { userUserDetails } from './users/userUserDetails.ts';
import { appUsers } from './users/appUsers.ts';
import { appUsersInvite } from './users/appUsersInvite.ts';
import { appUsersUpdate } from './users/appUsersUpdate.ts';
import { appUsersDelete } from './users/appUsersDelete.ts';
import { appUsersResendInvite } from './users/appUsersResendInvite.ts';
import { appUpdateUserProfile } from './users/appUpdateUserProfile.ts';
import { userOrgDetailsUpdate } from './users/userOrgDetailsUpdate.ts';
import { userUserDetailsUpdate } from './users/userUserDetailsUpdate.ts';
import { appPaymentPlans } from './billing/appPaymentPlans.ts';
import { appPaymentEnabled } from './billing/appPaymentEnabled.ts';
import { appPaymentCustomer } from './billing/appPaymentCustomer.ts';
import { appPaymentInvoices } from './billing/appPaymentInvoices.ts';
import { appPaymentInvoicesId } from './billing/appPaymentInvoicesId.ts';
import { appPaymentInvoicesIdPdf } from './billing/appPaymentInvoicesIdPdf.ts';
import { appPaymentPlansNotify } from './billing/appPaymentPlansNotify.ts';
import { appCustomUiDetails } from './personalisation/appCustomUiDetails.ts';
import { appCustomUiDetailsSave } from './personalisation/appCustomUiDetailsSave.ts';
import { appCustomEmailDetails } from './personalisation/appCustomEmailDetails.ts';
import { appCustomEmailDetailsSave } from './personalisation/appCustomEmailDetailsSave.ts';
import { appGetSignedUrl } from './personalisation/appGetSignedUrl.ts';
import { appUploadsKey } from './personalisation/appUploadsKey.ts';
import { appUploadsKeySave } from './personalisation/appUploadsKeySave.ts';
import { appAppsList } from './catalog/appAppsList.ts';
import { appCategoryList } from './catalog/appCategoryList.ts';
import { appCategoryDetails } from './catalog/appCategoryDetails.ts';
import { appFeasibility } from './catalog/appFeasibility.ts';
import { appGetApiKeys } from './keys/appGetApiKeys.ts';
import { appGetNewApiKeys } from './keys/appGetNewApiKeys.ts';
import { appGetWebhookSigningSecret } from './keys/appGetWebhookSigningSecret.ts';
import { appRotateWebhookSigningSecret } from './keys/appRotateWebhookSigningSecret.ts';
import { appGetWebhookUrlsV3 } from './keys/appGetWebhookUrlsV3.ts';
import { appPostWebhookUrls } from './keys/appPostWebhookUrls.ts';
import { appSaveWebhook } from './keys/appSaveWebhook.ts';
import { appTestWebhook } from './keys/appTestWebhook.ts';
import { appTestWebhookEvent } from './keys/appTestWebhookEvent.ts';
import { appWebhookEventDataOfCategory } from './keys/appWebhookEventDataOfCategory.ts';
import { authCreateSession } from './auth/authCreateSession.ts';
import { appGetModelsOfCategory } from './onboarding/appGetModelsOfCategory.ts';
import { appApiCallsDataForCategory } from './onboarding/appApiCallsDataForCategory.ts';
import { appEnableSyncForCategory } from './onboarding/appEnableSyncForCategory.ts';
import { appUpdateSyncTriggerType } from './onboarding/appUpdateSyncTriggerType.ts';
import { appUpdateSyncModels } from './onboarding/appUpdateSyncModels.ts';
import { appModelsExceptions } from './onboarding/appModelsExceptions.ts';
import { appGettingStartedStatus } from './onboarding/appGettingStartedStatus.ts';
import { appGettingStartedJourneyV3 } from './onboarding/appGettingStartedJourneyV3.ts';
import { appGettingStartedJourneyAiAgentFlow } from './onboarding/appGettingStartedJourneyAiAgentFlow.ts';
import { appGetCategories } from './onboarding/appGetCategories.ts';
import { appGetCategoriesAiAgentFlow } from './onboarding/appGetCategoriesAiAgentFlow.ts';
import { appEnableCategory } from './onboarding/appEnableCategory.ts';
import { appEnableCategoryForAiAgent } from './onboarding/appEnableCategoryForAiAgent.ts';
import { appEnableAiToolKit } from './onboarding/appEnableAiToolKit.ts';
import { appCompleteGettingStarted } from './onboarding/appCompleteGettingStarted.ts';
import { appDashboard } from './dashboard/appDashboard.ts';
import { appGetOrganizations } from './dashboard/appGetOrganizations.ts';
import { appGetIntegrationsOfOrg } from './dashboard/appGetIntegrationsOfOrg.ts';
import { appGetIntegrationAccounts } from './dashboard/appGetIntegrationAccounts.ts';
import { appFiltersMetadata } from './dashboard/appFiltersMetadata.ts';
import { appIntegratedAccountOptionsAction } from './accounts/appIntegratedAccountOptionsAction.ts';
import { appCreateMagicLinkV3 } from './accounts/appCreateMagicLinkV3.ts';
import { appCreateReIntegrateMagicLink } from './accounts/appCreateReIntegrateMagicLink.ts';
import { connectGetSession } from './connect/connectGetSession.ts';
import { connectComplete } from './connect/connectComplete.ts';
import { connectOauthStart } from './connect/connectOauthStart.ts';
import { connectOauthCallback } from './connect/connectOauthCallback.ts';
import { connectDeactivate } from './connect/connectDeactivate.ts';
import { appDashboardSyncJobs } from './syncs/appDashboardSyncJobs.ts';
import { appDashboardSyncRuns } from './syncs/appDashboardSyncRuns.ts';
import { appDashboardSyncRecords } from './syncs/appDashboardSyncRecords.ts';
import { appGetLogsGraphData } from './logs/appGetLogsGraphData.ts';
import { appGetLogsDataV2 } from './logs/appGetLogsDataV2.ts';
import { appGetWebhookRecords } from './logs/appGetWebhookRecords.ts';
import { appGetWebhookNativeCalls } from './logs/appGetWebhookNativeCalls.ts';
import { appGetApiNativeCalls } from './logs/appGetApiNativeCalls.ts';
import { appReplayWebhookRecord } from './logs/appReplayWebhookRecord.ts';
import { appReplayWebhookRun } from './logs/appReplayWebhookRun.ts';
import { appReplayWebhookDeliveries } from './logs/appReplayWebhookDeliveries.ts';
import { appIssueGraph } from './issues/appIssueGraph.ts';
import { appIssueData } from './issues/appIssueData.ts';
import { appDataCustomFields } from './mapping/appDataCustomFields.ts';
import { appDataCustomFieldsSave } from './mapping/appDataCustomFieldsSave.ts';
import { appGetDefaultMappingForApp } from './mapping/appGetDefaultMappingForApp.ts';
import { appMappingPresetsGetIntegratedAccounts } from './presets/appMappingPresetsGetIntegratedAccounts.ts';
import { appSaveCustomMappingPreset } from './presets/appSaveCustomMappingPreset.ts';
import { appSaveCategoryCustomMappingPreset } from './presets/appSaveCategoryCustomMappingPreset.ts';
import { appListMappingPresets } from './presets/appListMappingPresets.ts';
import { appDeleteMappingPreset } from './presets/appDeleteMappingPreset.ts';
import { appEditMappingPresets } from './presets/appEditMappingPresets.ts';
import { appListOriginOrgs } from './presets/appListOriginOrgs.ts';
import { appGetPresetDetails } from './presets/appGetPresetDetails.ts';
import { connectorsList } from './connectors/connectorsList.ts';
import { connectorsListLive } from './connectors/connectorsListLive.ts';
import { aiAppsList } from './connectors/aiAppsList.ts';
import { connectorConfig } from './connectors/connectorConfig.ts';
import { connectorSummary } from './connectors/connectorSummary.ts';
import { connectorApiSchema } from './connectors/connectorApiSchema.ts';
import { setupUiMetadata } from './connectors/setupUiMetadata.ts';
import { connectorFiltersMetaData } from './connectors/connectorFiltersMetaData.ts';
import { connectorIntegrations } from './connectors/connectorIntegrations.ts';
import { connectorCustomAdd } from './connectors/connectorCustomAdd.ts';
import { connectorDeactivate } from './connectors/connectorDeactivate.ts';
import { workflowSteps } from './workflows/workflowSteps.ts';
import { workflowStepDetail } from './workflows/workflowStepDetail.ts';
import { workflowStepCodeSave } from './workflows/workflowStepCodeSave.ts';
import { sessionInitialize } from './sessions/sessionInitialize.ts';
import { sessionMessages } from './sessions/sessionMessages.ts';
import { sessionHistory } from './sessions/sessionHistory.ts';
import { sessionAction } from './sessions/sessionAction.ts';
import { aiSessionToken } from './testing/aiSessionToken.ts';
import { aiWebhookTest } from './testing/aiWebhookTest.ts';

// The handler bound to each operationId; an operation missing here answers 501.
import { syncStart } from './unified/syncStart.ts';
import { passthrough } from './unified/passthrough.ts';
import { unifiedLists } from './unified/unifiedLists.ts';
const bound = [
  authSignIn, authVerifyOtp, authResendOtp, authSendOrgDetails, authSignOut, authGetUiVersion,
  userUserDetails, appGetOrgMetaData, appCheckSubscriptionExists, devMailbox,
  appUsers, appUsersInvite, appUsersUpdate, appUsersDelete, appUsersResendInvite, appUpdateUserProfile, userOrgDetailsUpdate, userUserDetailsUpdate,
  appPaymentPlans, appPaymentEnabled, appPaymentCustomer, appPaymentInvoices, appPaymentInvoicesId, appPaymentInvoicesIdPdf, appPaymentPlansNotify,
  appCustomUiDetails, appCustomUiDetailsSave, appCustomEmailDetails, appCustomEmailDetailsSave, appGetSignedUrl, appUploadsKey, appUploadsKeySave,
  appAppsList, appCategoryList, appCategoryDetails, appFeasibility,
  appGetApiKeys, appGetNewApiKeys, appGetWebhookSigningSecret, appRotateWebhookSigningSecret, appGetWebhookUrlsV3, appPostWebhookUrls, appSaveWebhook, appTestWebhook, appTestWebhookEvent, appWebhookEventDataOfCategory, authCreateSession,
  appGetModelsOfCategory, appApiCallsDataForCategory, appEnableSyncForCategory, appUpdateSyncTriggerType, appUpdateSyncModels, appModelsExceptions,
  appGettingStartedStatus, appGettingStartedJourneyV3, appGettingStartedJourneyAiAgentFlow, appGetCategories, appGetCategoriesAiAgentFlow,
  appEnableCategory, appEnableCategoryForAiAgent, appEnableAiToolKit, appCompleteGettingStarted,
  appDashboard, appGetOrganizations, appGetIntegrationsOfOrg, appGetIntegrationAccounts, appFiltersMetadata,
  appIntegratedAccountOptionsAction, appCreateMagicLinkV3, appCreateReIntegrateMagicLink, connectGetSession, connectComplete, connectOauthStart, connectOauthCallback, connectDeactivate,
  appDashboardSyncJobs, appDashboardSyncRuns, appDashboardSyncRecords,
  appGetLogsGraphData, appGetLogsDataV2, appGetWebhookRecords, appGetWebhookNativeCalls, appGetApiNativeCalls,
  appReplayWebhookRecord, appReplayWebhookRun, appReplayWebhookDeliveries,
  appIssueGraph, appIssueData,
  appDataCustomFields, appDataCustomFieldsSave, appGetDefaultMappingForApp,
  appMappingPresetsGetIntegratedAccounts, appSaveCustomMappingPreset, appSaveCategoryCustomMappingPreset, appListMappingPresets,
  appDeleteMappingPreset, appEditMappingPresets, appListOriginOrgs, appGetPresetDetails,
  connectorsList, connectorsListLive, aiAppsList, connectorConfig, connectorSummary, connectorApiSchema, setupUiMetadata,
  connectorFiltersMetaData, connectorIntegrations, connectorCustomAdd, connectorDeactivate,
  workflowSteps, workflowStepDetail, workflowStepCodeSave, sessionInitialize, sessionMessages, sessionHistory, sessionAction,
  aiSessionToken, aiWebhookTest,
  syncStart, ...unifiedLists, passthrough,
];

export const handlers: Readonly<Record<string, AnyHandler>> = Object.fromEntries(bound.map((b) => [b.operationId, b.handler]));
